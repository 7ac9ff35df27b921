import { Module } from '@nestjs/common';
import { ApiDocsController } from './api-docs.controller';
import { ApiDocsService } from './api-docs.service';

/** GET /api/docs and /api/docs/json: the OpenAPI description (api process only). */
@Module({ controllers: [ApiDocsController], providers: [ApiDocsService] })
export class ApiDocsModule {}
