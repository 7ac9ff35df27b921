import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { Public } from '../../../common/auth/public.decorator';
import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import type { CreatedRequest } from '../../../shared/api/requests';
import { PublicRequestsService } from './public-requests.service';
import { ApiBadInput, ApiCreated, ApiErrors, ApiSection, CommonErrors, errorsOf } from '../../../common/openapi/api-answers';
import { ApiBody, ApiHeader } from '@nestjs/swagger';
import { RequestCreationErrors } from '../creation/request-creation-errors';
import { PickupErrors } from '../pickups/pickups-errors';
import { IdempotencyErrors } from './request-idempotency';

@ApiSection('requests')
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
  @ApiCreated('استُلم الطلب: { id, status: received, message }')
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description: 'مفتاح الإرسال: تكرار الطلب به خلال 24 ساعة يعيد الجواب الأول ولا ينشئ شيئاً',
  })
  @ApiBody({
    description: 'حقول نموذج الطلب، تُفحص بقواعد src/shared/request-rules.ts نفسها',
    schema: { type: 'object', additionalProperties: true },
  })
  @ApiBadInput()
  @ApiErrors(
    errorsOf(PickupErrors, 'DATE_FULL'),
    errorsOf(RequestCreationErrors, 'DUPLICATE_REQUEST', 'ACTIVE_REQUESTS_LIMIT'),
    errorsOf(IdempotencyErrors, 'IDEMPOTENCY_KEY_INVALID', 'IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_KEY_IN_USE'),
    CommonErrors.SITE_BLOCKED,
  )
  create(
    @Body() body: unknown,
    @ReqMeta() meta: RequestMeta,
    @Headers('idempotency-key') idempotencyKey: string | string[] | undefined,
  ): Promise<CreatedRequest> {
    return this.requests.submit(body, meta, idempotencyKey);
  }
}
