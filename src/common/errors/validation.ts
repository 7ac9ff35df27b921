import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainException } from './domain.exception';

/** Arabic fallbacks for class-validator constraints whose decorator gave no Arabic message. */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  whitelistValidation: 'هذا الحقل غير مسموح',
  isDefined: 'هذا الحقل مطلوب',
  isNotEmpty: 'هذا الحقل مطلوب',
  isString: 'يجب أن تكون القيمة نصاً',
  isInt: 'يجب أن تكون القيمة عدداً صحيحاً',
  isNumber: 'يجب أن تكون القيمة رقماً',
  isBoolean: 'يجب أن تكون القيمة صحيحة أو خاطئة',
  isArray: 'يجب أن تكون القيمة قائمة',
  isIn: 'القيمة غير مسموحة',
  isEnum: 'القيمة غير مسموحة',
  isDateString: 'التاريخ غير صحيح',
  isEmail: 'البريد الإلكتروني غير صحيح',
  maxLength: 'النص أطول من المسموح',
  minLength: 'النص أقصر من المسموح',
  arrayMaxSize: 'عدد العناصر أكبر من المسموح',
  arrayMinSize: 'عدد العناصر أقل من المطلوب',
  min: 'القيمة أصغر من المسموح',
  max: 'القيمة أكبر من المسموح',
  matches: 'الصيغة غير صحيحة',
  isObject: 'يجب أن تكون القيمة كائناً',
  nestedValidation: 'القيمة غير صحيحة',
};

const ARABIC = /[\u0600-\u06FF]/;

function firstMessage(error: ValidationError): string | undefined {
  const constraints = error.constraints ?? {};
  for (const [name, message] of Object.entries(constraints)) {
    if (ARABIC.test(message)) return message;
    return CONSTRAINT_MESSAGES[name] ?? 'القيمة غير صحيحة';
  }
  return undefined;
}

/** Flattens class-validator errors into { 'field' | 'parent.child': 'Arabic message' }. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const message = firstMessage(error);
    if (message) out[path] = message;
    if (error.children?.length) Object.assign(out, flattenValidationErrors(error.children, path));
  }
  return out;
}

/**
 * Path parameters are left as written: each is parsed by its own pipe (ids by IdParamPipe), which
 * could not tell `1e3` or `0x10` from `1000` or `16` once they had been turned into numbers here.
 */
class AppValidationPipe extends ValidationPipe {
  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    return metadata.type === 'param' ? value : super.transformPrimitive(value, metadata);
  }
}

/** The global pipe: whitelist, forbid unknown fields, transform, Arabic field errors. */
export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
    exceptionFactory: (errors) => DomainException.validation(flattenValidationErrors(errors)),
  });
}
