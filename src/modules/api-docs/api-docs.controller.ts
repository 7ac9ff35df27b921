import { Controller, Get } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { ApiErrors, ApiOk, ApiSection, CommonErrors } from '../../common/openapi/api-answers';
import { ApiDocsService } from './api-docs.service';

const ANSWER = 'وصف OpenAPI 3 لكل مسارات الواجهة: الأشكال ورموز الأخطاء العربية (JSON)';

/**
 * The API description, for administrators only (no @Public(): the session guard applies). JSON only:
 * a Swagger UI page would need scripts that the site's CSP refuses inline and a session a plain link
 * cannot carry; any OpenAPI viewer opens the JSON with the Authorization header.
 */
@ApiSection('API description')
@Controller('docs')
export class ApiDocsController {
  constructor(private readonly docs: ApiDocsService) {}

  @Get()
  @ApiOk(ANSWER)
  @ApiErrors(CommonErrors.NOT_FOUND)
  document(): OpenAPIObject {
    return this.docs.current();
  }

  @Get('json')
  @ApiOk(ANSWER)
  @ApiErrors(CommonErrors.NOT_FOUND)
  json(): OpenAPIObject {
    return this.docs.current();
  }
}
