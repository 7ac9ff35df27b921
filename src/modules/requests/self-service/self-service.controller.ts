import { Body, Controller, Get, Header, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../../common/auth/public.decorator';
import { ReqMeta } from '../../../common/http/request-meta';
import type { RequestMeta } from '../../../common/http/request-meta';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import type { SelfServiceCancelResult, SelfServiceView } from '../../../shared/api/self-service';
import { SelfServiceService } from './self-service.service';
import { ApiErrors, ApiFile, ApiNotFound, ApiOk, ApiSection, errorsOf } from '../../../common/openapi/api-answers';
import { sendCertificatePdf } from '../../reports/certificates/certificate-reply';
import { CertificateErrors } from '../../reports/certificates/certificates.service';
import { SelfServiceErrors } from './self-service-errors';
import { HostCancelDto } from './self-service.dto';

/** The host's own page (public, by its unguessable link; limited per address before anything is read). */
@ApiSection('self-service')
@Controller('self-service')
@RateLimit('selfService')
export class SelfServiceController {
  constructor(private readonly selfService: SelfServiceService) {}

  @Public()
  @Get(':token')
  @Header('Cache-Control', 'no-store')
  @ApiOk('صفحة صاحب الطلب: حالته ومواعيده')
  @ApiNotFound()
  view(@Param('token') token: string): Promise<SelfServiceView> {
    return this.selfService.view(token);
  }

  /** The thank-you certificate once the request is completed (the download in the page's certificate slot). */
  @Public()
  @Get(':token/certificate')
  @ApiFile('شهادة الشكر (PDF) بعد اكتمال الاستلام', 'application/pdf')
  @ApiNotFound()
  @ApiErrors(errorsOf(CertificateErrors, 'CERTIFICATE_NOT_READY'))
  async certificate(@Param('token') token: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCertificatePdf(reply, await this.selfService.certificate(token, `${request.protocol}://${request.host}`));
  }

  @Public()
  @Post(':token/cancel')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @ApiOk('أُلغي الطلب من صفحة صاحبه')
  @ApiNotFound()
  @ApiErrors(errorsOf(SelfServiceErrors, 'HOST_CANCEL_CLOSED'))
  cancel(@Param('token') token: string, @Body() body: HostCancelDto, @ReqMeta() meta: RequestMeta): Promise<SelfServiceCancelResult> {
    return this.selfService.cancel(token, body?.reason, meta);
  }
}
