import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import { CreatedRequest, PublicRequestsService } from './public-requests.service';

@Controller('requests')
export class PublicRequestsController {
  constructor(private readonly requests: PublicRequestsService) {}

  /**
   * A visitor's collection request: 201 { id, status: 'received', message }. The body is checked by
   * the service with the shared rules of src/shared/request-rules.ts (every field, its exact Arabic
   * message, unknown fields refused), not by a class DTO: this is the busiest write call, and the
   * rules need the database's options anyway. With an `Idempotency-Key` header (the form sends one), a
   * repeat within 24 hours answers the first answer and creates nothing.
   */
  @Public()
  @RateLimit('requests')
  @Post()
  @HttpCode(201)
  create(
    @Body() body: unknown,
    @ReqMeta() meta: RequestMeta,
    @Headers('idempotency-key') idempotencyKey: string | string[] | undefined,
  ): Promise<CreatedRequest> {
    return this.requests.submit(body, meta, idempotencyKey);
  }
}
