import type { INestApplication } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { API_TAGS, SESSION_SCHEME } from '../../common/openapi/api-answers';
import { describeHandlerDtos } from '../../common/openapi/dto-schemas';

const DESCRIPTION = [
  'واجهة JSON تحت `/api` لموقع الجمعية العام ولوحة الإدارة.',
  'كل خطأ يُجاب بالغلاف نفسه `{ statusCode, code, message, errors?, details? }` برسالة عربية ورمز ثابت؛ المسارات الخاصة بالمشرفين تحتاج ترويسة `Authorization: Bearer <token>` من تسجيل الدخول.',
  'أي مسار قد يجيب أيضاً 500 `INTERNAL_ERROR`، و400 `INVALID_JSON` أو `BODY_TOO_DEEP` لجسم لا يُقرأ، و415 `UNSUPPORTED_MEDIA_TYPE`، و413 `PAYLOAD_TOO_LARGE`.',
].join('\n\n');

/** The OpenAPI 3 description of every route of the running app, built from its controllers' decorators. */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  // The body DTOs' schemas come from their class-validator checks (dto-schemas.ts).
  for (const moduleRef of app.get(ModulesContainer).values()) {
    for (const wrapper of moduleRef.controllers.values()) {
      const prototype = (wrapper.metatype as Function | null)?.prototype as object | undefined;
      if (!prototype) continue;
      for (const name of Object.getOwnPropertyNames(prototype)) if (name !== 'constructor') describeHandlerDtos(prototype, name);
    }
  }
  const builder = new DocumentBuilder()
    .setTitle('واجهة برمجة تطبيقات جمعية حفظ النعمة بينبع')
    .setDescription(DESCRIPTION)
    .setVersion('1')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'رمز جلسة المشرف من POST /api/auth/verify-login' },
      SESSION_SCHEME,
    );
  for (const [tag, description] of Object.entries(API_TAGS)) builder.addTag(tag, description);
  return SwaggerModule.createDocument(app, builder.build(), { operationIdFactory: (controller, method) => `${controller}_${method}` });
}

/** Where the document is committed (`npm run openapi` writes it; openapi.int-spec.ts compares it with the app's). */
export const API_DOCUMENT_FILE = 'docs/openapi.json';

/**
 * The settings that add routes (GET /metrics needs a METRICS_TOKEN): the committed document describes
 * every route the app can serve, so it is built with them. The values only switch the routes on.
 */
export const DOCUMENTED_SETTINGS: Readonly<Record<string, string>> = { METRICS_TOKEN: 'd'.repeat(32) };

/**
 * The document as committed: keys sorted at every level (the order Nest and the decorators happen to
 * add them in is no part of it), two-space indents, a final newline. It holds no date or build number,
 * so the same routes always give the same bytes.
 */
export function apiDocumentText(document: OpenAPIObject): string {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
          )
        : value;
  return JSON.stringify(sorted(document), null, 2) + '\n';
}
