import { ApiProperty, DECORATORS, type ApiPropertyOptions } from '@nestjs/swagger';
import { getMetadataStorage } from 'class-validator';

/**
 * The body DTOs' schemas, read from their class-validator decorators: the project compiles with plain
 * tsc (no Swagger CLI plugin), and a second set of @ApiProperty lines beside every check would drift
 * from it. A property that already has @ApiProperty is left as written.
 */

type Ctor = new (...args: never[]) => unknown;
type ValidationMetadata = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[number];

const done = new WeakSet<Function>();
const LIMITS = new Set(['maxLength', 'min', 'max', 'arrayMaxSize', 'arrayMinSize', 'matches']);

function isDto(type: unknown): type is Ctor {
  return typeof type === 'function' && getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length > 0;
}

/** Declares the OpenAPI properties of `dto` (and of the DTO classes its properties hold) once. */
export function describeDto(dto: Function): void {
  if (done.has(dto) || !isDto(dto)) return;
  done.add(dto);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const rule of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
    byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
  }
  for (const [property, rules] of byProperty) {
    if (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, dto.prototype as object, property)) continue;
    ApiProperty(propertyOptions(dto, property, rules))(dto.prototype as object, property);
  }
}

function propertyOptions(dto: Function, property: string, rules: ValidationMetadata[]): ApiPropertyOptions {
  const named = (name: string) => rules.find((r) => r.name === name);
  const each = rules.some((r) => r.each) || Boolean(named('isArray'));
  const designType = Reflect.getMetadata('design:type', dto.prototype as object, property) as unknown;
  const options: Record<string, unknown> = {
    // IsOptional, ValidateIf: the field may be left out.
    required: !rules.some((r) => r.type === 'conditionalValidation'),
  };
  // The type check's message says what the field is ("يرجى إدخال اسم المستخدم"); a limit's says only the limit.
  const described = [...rules].sort((a, b) => Number(LIMITS.has(a.name ?? '')) - Number(LIMITS.has(b.name ?? '')));
  const message = described.find((r) => typeof r.message === 'string' && r.message)?.message;
  if (typeof message === 'string') options.description = message;

  let type: unknown;
  if (named('isString') || named('matches') || named('maxLength') || named('isNotEmpty')) type = String;
  if (named('isInt')) type = 'integer';
  else if (named('isNumber') || named('min') || named('max')) type = Number;
  if (named('isBoolean')) type = Boolean;
  const isIn = named('isIn');
  if (isIn) options.enum = (isIn.constraints[0] as unknown[]).filter((v) => v !== null);
  if (!type && !isIn && isDto(designType)) {
    describeDto(designType);
    type = designType;
  }
  if (!type && !isIn && designType !== Array && typeof designType === 'function' && designType !== Object) type = designType;
  if (!type && !isIn) options.type = 'object';
  if (type) options.type = type;
  if (each) options.isArray = true;

  const limit = (name: string, key: string) => {
    const rule = named(name);
    if (rule) options[key] = rule.constraints[0];
  };
  if (each) {
    limit('arrayMaxSize', 'maxItems');
    limit('arrayMinSize', 'minItems');
  } else {
    limit('maxLength', 'maxLength');
    limit('min', 'minimum');
    limit('max', 'maximum');
  }
  const pattern = named('matches');
  if (pattern && pattern.constraints[0] instanceof RegExp) options.pattern = (pattern.constraints[0] as RegExp).source;
  return options as ApiPropertyOptions;
}

/** Every DTO class a route handler takes (its decorated parameter types), so the document can show them. */
export function describeHandlerDtos(prototype: object, method: string): void {
  const types = (Reflect.getMetadata('design:paramtypes', prototype, method) ?? []) as unknown[];
  for (const type of types) if (typeof type === 'function') describeDto(type);
}
