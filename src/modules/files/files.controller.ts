import { Controller, Get, HttpCode, Put, Query, Req, Res } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Public } from '../../common/auth/public.decorator';
import { sendFile } from '../../common/http/send-file';
import { FileErrors } from './file-errors';
import { FilesService } from './files.service';
import { LocalFileStorage } from './local-storage';
import { FileStorage } from './storage';
import { ApiErrors, ApiFile, ApiOk, ApiSection, errorsOf } from '../../common/openapi/api-answers';

/**
 * The local driver's signed links. Public because the signature is the permission: the admin call
 * that issued the link needed a session. With S3 these answer 403 (links point at the bucket).
 */
@ApiSection('files')
@Controller('files')
export class FilesController {
  constructor(
    private readonly files: FilesService,
    private readonly storage: FileStorage,
  ) {}

  @Public()
  @Put('upload')
  @HttpCode(200)
  @RouteConfig({ rawBody: true })
  @ApiOk('حُفظ الملف: { success, objectPath, size }')
  @ApiErrors(
    errorsOf(
      FileErrors,
      'UPLOAD_LINK_INVALID',
      'UPLOAD_LINK_USED',
      'UPLOAD_TYPE_MISMATCH',
      'FILE_TOO_LARGE',
      'FILE_CONTENT_MISMATCH',
      'FILE_NOT_UPLOADED',
    ),
  )
  async upload(@Query('token') token: unknown, @Req() request: FastifyRequest) {
    const length = Number(request.headers['content-length']);
    const stored = await this.files.receiveLocal(
      token,
      request.headers['content-type'],
      Number.isFinite(length) ? length : undefined,
      request.raw,
    );
    return { success: true, objectPath: stored.objectPath, size: stored.size };
  }

  @Public()
  @Get('download')
  @ApiFile('الملف المخزَّن بنوعه المسجَّل', 'application/octet-stream')
  @ApiErrors(errorsOf(FileErrors, 'DOWNLOAD_LINK_INVALID'))
  async download(@Query('token') token: unknown, @Res() reply: FastifyReply) {
    if (!(this.storage instanceof LocalFileStorage)) throw FileErrors.DOWNLOAD_LINK_INVALID();
    const { claims, size, stream } = await this.storage.open(token);
    // A stored file is never a page: no scripts even if a browser were talked into rendering it.
    reply.header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    return sendFile(reply, {
      body: stream,
      contentType: claims.type,
      size,
      fileName: claims.name,
      disposition: claims.disp,
      cacheControl: 'private, max-age=300',
    });
  }
}
