import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentAdmin, type AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Public } from '../../../common/auth/public.decorator';
import { parseListQuery, sendPage } from '../../../common/http/list-query';
import type { RawListParams } from '../../../common/http/list-query';
import { RateLimit } from '../../../common/rate-limit/rate-limit.decorator';
import type { CertificateRow, CertificateVerification } from '../../../shared/api/certificates';
import { idParam } from '../../../common/http/id-param.pipe';
import { sendCertificatePdf } from './certificate-reply';
import { CERTIFICATES_LIST } from './certificates.dto';
import { CertificateErrors, CertificatesService } from './certificates.service';
import {
  ApiBadInput,
  ApiCreated,
  ApiErrors,
  ApiFile,
  ApiList,
  ApiNotFound,
  ApiOk,
  ApiSection,
  errorsOf,
} from '../../../common/openapi/api-answers';

const CERTIFICATE_ID = 'رقم الشهادة غير صحيح';
const REQUEST_ID = 'رقم الطلب غير صحيح';

/** The address the caller used, for the QR code when PUBLIC_BASE_URL is not set (development). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Certificates for administrators: a request's PDF, a place's over a period, the list. */
@ApiSection('certificates')
@Controller('admin')
export class CertificatesAdminController {
  constructor(private readonly certificates: CertificatesService) {}

  /** A completed request's certificate (issued on the first call, the same afterwards). */
  @Get('requests/:id/certificate')
  @ApiFile('شهادة الشكر للطلب المكتمل (PDF)، تصدر عند أول طلب', 'application/pdf')
  @ApiNotFound()
  @ApiErrors(errorsOf(CertificateErrors, 'CERTIFICATE_NOT_READY'))
  async requestCertificate(
    @Param('id', idParam(REQUEST_ID)) id: number,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @CurrentAdmin() admin?: AdminPrincipal,
  ) {
    const file = await this.certificates.certificateForRequest(id, {
      issuedBy: admin?.username ?? null,
      origin: originOf(request),
    });
    return sendCertificatePdf(reply, file);
  }

  @Get('certificates')
  @ApiList('الشهادات الصادرة (ترتيب issuedAt، تصفية kind)')
  async list(
    @Query() params: RawListParams,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CertificateRow[]> {
    const query = parseListQuery(CERTIFICATES_LIST, params);
    return sendPage(reply, CERTIFICATES_LIST, query, await this.certificates.list(query, originOf(request)));
  }

  @Get('certificates/:id')
  @ApiOk('الشهادة بأرقامها كما صدرت')
  @ApiNotFound()
  one(@Param('id', idParam(CERTIFICATE_ID)) id: number, @Req() request: FastifyRequest): Promise<CertificateRow> {
    return this.certificates.one(id, originOf(request));
  }

  /** `{place, from, to}`: every completed collection at that important place whose event falls in the period. */
  @Post('certificates')
  @ApiCreated('صدرت شهادة المكان عن الفترة { place, from, to }')
  @ApiBadInput()
  @ApiErrors(errorsOf(CertificateErrors, 'NO_COMPLETED_COLLECTIONS'))
  issue(@Body() body: Record<string, unknown>, @Req() request: FastifyRequest, @CurrentAdmin() admin?: AdminPrincipal) {
    return this.certificates.issueForPlace(body && typeof body === 'object' ? body : {}, {
      issuedBy: admin?.username ?? null,
      origin: originOf(request),
    });
  }

  @Get('certificates/:id/download')
  @ApiFile('ملف الشهادة (PDF)', 'application/pdf')
  @ApiNotFound()
  async download(@Param('id', idParam(CERTIFICATE_ID)) id: number, @Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    return sendCertificatePdf(reply, await this.certificates.adminPdf(id, originOf(request)));
  }
}

/** GET /api/verify/{code}: anyone holding a certificate checks its figures (unknown codes: one 404). */
@ApiSection('certificates')
@Controller('verify')
export class CertificateVerifyController {
  constructor(private readonly certificates: CertificatesService) {}

  @Public()
  @RateLimit('verify')
  @Get(':code')
  @ApiOk('أرقام الشهادة للتحقق العام')
  @ApiNotFound()
  verify(@Param('code') code: string): Promise<CertificateVerification> {
    return this.certificates.verify(code);
  }
}
