import { Injectable } from '@nestjs/common';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { CreatedRequest } from '../../../shared/api/requests';
import { RequestCreationService } from '../creation/request-creation.service';
import { RequestIdempotency } from './request-idempotency';

/** POST /api/requests: the public form's request, through the one creation path, with its Idempotency-Key. */
@Injectable()
export class PublicRequestsService {
  constructor(
    private readonly creation: RequestCreationService,
    private readonly idempotency: RequestIdempotency,
  ) {}

  /**
   * The controller's entry: with an `Idempotency-Key`, a repeat answers the first answer. A repeat the
   * rules would now refuse (the lead time passed, the site was switched off) still gets it.
   */
  async submit(payload: unknown, meta: RequestMeta, idempotencyKey?: unknown): Promise<CreatedRequest> {
    const claim = this.idempotency.prepare(idempotencyKey, payload);
    try {
      return await this.creation.create(payload, { source: 'public_form', meta }, claim);
    } catch (error) {
      const earlier = claim && error instanceof DomainException ? await this.idempotency.earlierAnswer<CreatedRequest>(claim) : null;
      if (earlier) return earlier;
      throw error;
    }
  }
}
