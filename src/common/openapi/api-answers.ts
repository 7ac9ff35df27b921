import { applyDecorators } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants.js';
import { ApiBearerAuth, ApiProperty, ApiPropertyOptional, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IS_PUBLIC_KEY } from '../auth/public.decorator';
import { ERROR_MESSAGES } from '../errors/error-codes';
import { RATE_LIMIT_KEY } from '../rate-limit/rate-limit.decorator';

/**
 * The OpenAPI answers of the routes, in one place (GET /api/docs/json builds the document from them):
 * every route declares its success answer with ApiOk/ApiCreated/ApiList/ApiFile and its refusals with
 * ApiErrors; ApiSection on the controller adds what the guard and the limiter answer, so no route
 * repeats them. The codes come from the modules' own defineErrors tables (errorsOf), not copied text.
 */

/** The document's tags (one per domain area) with their Arabic descriptions; ApiSection takes one of them. */
export const API_TAGS = {
  requests: 'طلبات الاستلام: النموذج العام ومكتب الطلبات والأرشيف والتصدير',
  pickups: 'جدول الاستلام والسعة اليومية وتقويم النموذج',
  volunteers: 'المتطوعون والسائقون',
  'self-service': 'صفحة صاحب الطلب برابطه الخاص',
  content: 'نصوص الموقع والقوائم والأماكن المهمة والملصقات والحوكمة',
  locations: 'المناطق والأحياء',
  files: 'روابط الرفع والتنزيل الموقّعة',
  messaging: 'واتساب: أرقام المشرفين والقوالب والرسائل السريعة والتسليم',
  webhooks: 'إشعارات مزوّد واتساب الموقّعة',
  reports: 'الإحصاءات وأرقام الصفحة الرئيسية وحساب الطعام وسجل النشاط',
  'impact reports': 'تقارير الأثر وروابط مشاركتها',
  certificates: 'شهادات الشكر والتحقق منها',
  auth: 'الدخول والتحقق وكلمة المرور ووصول الطوارئ',
  security: 'محاولات الدخول والتنبيهات وسياسة الأمان ورموز الطوارئ',
  system: 'الصحة وإيقاف الموقع وإعدادات النظام',
  monitoring: 'مقاييس Prometheus',
  'API description': 'هذا الوصف نفسه (للمشرفين)',
} as const;

export type ApiTag = keyof typeof API_TAGS;

/** The security scheme name of the administrator's session (Authorization: Bearer <token>). */
export const SESSION_SCHEME = 'session';

/** One documented refusal: the HTTP status, the stable code and its Arabic message. */
export interface ApiError {
  status: number;
  code: string;
  message: string;
}

/** The error envelope every 4xx/5xx answer uses (src/shared/api/envelope.ts), as a schema. */
export class ErrorEnvelopeSchema {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ description: 'رمز ثابت للخطأ تقرؤه الواجهات', example: 'VALIDATION_FAILED' })
  code!: string;

  @ApiProperty({ description: 'رسالة عربية للمستخدم' })
  message!: string;

  @ApiPropertyOptional({
    description: 'اسم الحقل ← رسالته العربية (أخطاء التحقق)',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  errors?: Record<string, string>;

  @ApiPropertyOptional({ description: 'تفاصيل إضافية بحسب الخطأ', type: 'object', additionalProperties: true })
  details?: Record<string, unknown>;
}

const common = (status: number, code: keyof typeof ERROR_MESSAGES): ApiError => ({ status, code, message: ERROR_MESSAGES[code] });

/** The codes of src/common/errors/error-codes.ts with the status the filter and the guards give them. */
export const CommonErrors = {
  VALIDATION_FAILED: common(400, 'VALIDATION_FAILED'),
  UNAUTHORIZED: common(401, 'UNAUTHORIZED'),
  NOT_FOUND: common(404, 'NOT_FOUND'),
  CONFLICT: common(409, 'CONFLICT'),
  PAYLOAD_TOO_LARGE: common(413, 'PAYLOAD_TOO_LARGE'),
  RATE_LIMITED: common(429, 'RATE_LIMITED'),
  SITE_BLOCKED: common(503, 'SITE_BLOCKED'),
  SERVICE_UNAVAILABLE: common(503, 'SERVICE_UNAVAILABLE'),
  DATABASE_UNAVAILABLE: common(503, 'DATABASE_UNAVAILABLE'),
} as const;

/** Named codes of a module's defineErrors table: `errorsOf(PickupErrors, 'DATE_FULL')`. */
export function errorsOf<T extends Record<string, { status: number; message: string }>>(
  table: { readonly definitions: T },
  ...codes: (keyof T & string)[]
): ApiError[] {
  return codes.map((code) => ({ code, status: table.definitions[code].status, message: table.definitions[code].message }));
}

/** The refusals of a route (or of every route of a controller), one OpenAPI answer per status with each code as an example. */
export function ApiErrors(...errors: (ApiError | readonly ApiError[])[]): MethodDecorator & ClassDecorator {
  const byStatus = new Map<number, ApiError[]>();
  for (const error of errors.flat()) byStatus.set(error.status, [...(byStatus.get(error.status) ?? []), error]);
  return applyDecorators(
    ...[...byStatus].map(([status, list]) =>
      ApiResponse({
        status,
        type: ErrorEnvelopeSchema,
        description: list.map((e) => `${e.code}: ${e.message}`).join('\n\n'),
        examples: Object.fromEntries(
          list.map((e) => [
            e.code,
            {
              summary: e.message,
              value: {
                statusCode: e.status,
                code: e.code,
                message: e.message,
                ...(e.code === 'VALIDATION_FAILED' ? { errors: { field: 'رسالة الحقل بالعربية' } } : {}),
              },
            },
          ]),
        ),
      }),
    ),
  );
}

/** 400 VALIDATION_FAILED: the body, query or path failed its checks; `errors` names each field in Arabic. */
export const ApiBadInput = (): MethodDecorator & ClassDecorator => ApiErrors(CommonErrors.VALIDATION_FAILED);

/** 404 NOT_FOUND plus the 400 of a malformed id. */
export const ApiNotFound = (): MethodDecorator & ClassDecorator => ApiErrors(CommonErrors.VALIDATION_FAILED, CommonErrors.NOT_FOUND);

type Shape = { type?: Function | [Function] | string; isArray?: boolean };

/** 200 with an Arabic description; `type` when the answer is a class (plain interfaces are described in words). */
export const ApiOk = (description: string, shape: Shape = {}): MethodDecorator & ClassDecorator =>
  ApiResponse({ status: 200, description, ...shape });

/** 201: something was created. */
export const ApiCreated = (description: string, shape: Shape = {}): MethodDecorator & ClassDecorator =>
  ApiResponse({ status: 201, description, ...shape });

/** A file answer (PDF, Excel, PNG) rather than JSON. */
export const ApiFile = (description: string, mediaType: string): MethodDecorator & ClassDecorator =>
  ApiResponse({ status: 200, description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } });

/** The react-admin list convention (ARCHITECTURE.md §4a): sort, range, filter in; the page and Content-Range out. */
export const ApiList = (description: string): MethodDecorator =>
  applyDecorators(
    ApiQuery({ name: 'sort', required: false, description: 'JSON: ["الحقل","ASC|DESC"]' }),
    ApiQuery({ name: 'range', required: false, description: 'JSON: [البداية,النهاية] (شاملة)' }),
    ApiQuery({ name: 'filter', required: false, description: 'JSON: { "الحقل": القيمة }' }),
    ApiResponse({
      status: 200,
      description,
      headers: { 'Content-Range': { description: 'المورد والمدى والعدد الكلي: `items 0-24/319`', schema: { type: 'string' } } },
    }),
    ApiBadInput(),
  );

/**
 * The controller's tag, and the answers its routes share: a private route (no @Public()) gets the
 * session scheme with the guard's 401 UNAUTHORIZED and 503 DATABASE_UNAVAILABLE, a rate-limited one
 * 429 RATE_LIMITED. Read from the same marks the guard and the limiter read, so they cannot disagree;
 * it must be the top decorator (a class decorator sees only the marks applied below it).
 */
export function ApiSection(tag: ApiTag): ClassDecorator {
  return (target: Function) => {
    ApiTags(tag)(target);
    const prototype = target.prototype as Record<string, unknown>;
    const classPublic = Reflect.getMetadata(IS_PUBLIC_KEY, target) === true;
    const classLimited = Reflect.getMetadata(RATE_LIMIT_KEY, target) !== undefined;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
      const handler = descriptor?.value as object | undefined;
      if (name === 'constructor' || typeof handler !== 'function' || Reflect.getMetadata(METHOD_METADATA, handler) === undefined) continue;
      const shared: ApiError[] = [];
      if (!classPublic && Reflect.getMetadata(IS_PUBLIC_KEY, handler) !== true) {
        ApiBearerAuth(SESSION_SCHEME)(prototype, name, descriptor!);
        shared.push(CommonErrors.UNAUTHORIZED, CommonErrors.DATABASE_UNAVAILABLE);
      }
      if (classLimited || Reflect.getMetadata(RATE_LIMIT_KEY, handler) !== undefined) shared.push(CommonErrors.RATE_LIMITED);
      if (shared.length) ApiErrors(...shared)(prototype, name, descriptor!);
    }
  };
}
