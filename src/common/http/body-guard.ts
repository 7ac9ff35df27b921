import { ERROR_MESSAGES } from '../errors/error-codes';

/** Deepest nesting a request body may have (every form of the product is two or three levels deep). */
export const MAX_BODY_DEPTH = 20;

// eslint-disable-next-line no-control-regex -- NUL is the point: PostgreSQL refuses it in text
const UNSTORABLE = /\u0000|[\uD800-\uDFFF]/u;

export type BodyProblem = { kind: 'depth' } | { kind: 'text'; field: string };

/**
 * Finds what no route can store: nesting past MAX_BODY_DEPTH, or a string with NUL or an unpaired
 * surrogate (not valid UTF-8, refused by PostgreSQL). `field` is the top-level key it was found under.
 * Iterative, so a hostile body cannot exhaust the stack.
 */
export function findBodyProblem(body: unknown): BodyProblem | null {
  if (body === null || typeof body !== 'object')
    return typeof body === 'string' && UNSTORABLE.test(body) ? { kind: 'text', field: '' } : null;
  const stack: { value: unknown; depth: number; field: string }[] = [{ value: body, depth: 1, field: '' }];
  while (stack.length) {
    const { value, depth, field } = stack.pop()!;
    if (depth > MAX_BODY_DEPTH) return { kind: 'depth' };
    const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value as object);
    for (const [key, child] of entries) {
      const at = field || (Array.isArray(value) ? '' : key);
      if (typeof child === 'string') {
        if (UNSTORABLE.test(child) || UNSTORABLE.test(key)) return { kind: 'text', field: at };
      } else if (child !== null && typeof child === 'object') {
        stack.push({ value: child, depth: depth + 1, field: at });
      }
    }
  }
  return null;
}

/** Public forms and sign-in take small bodies: anything larger is refused before it is read. */
export const SMALL_BODY_LIMIT = 64 * 1024;
const SMALL_BODY_ROUTES = [/^\/api\/auth\//, /^\/api\/requests\/?$/, /^\/api\/quick-messages\/?$/, /^\/api\/self-service\//];

/** True when a request to a public form or sign-in announces a body past SMALL_BODY_LIMIT. */
export function overSmallBodyLimit(method: string, url: string, contentLength: string | undefined): boolean {
  if (method === 'GET' || method === 'HEAD' || !contentLength) return false;
  const path = url.split('?')[0];
  if (!SMALL_BODY_ROUTES.some((route) => route.test(path))) return false;
  const length = Number(contentLength);
  return !Number.isFinite(length) || length > SMALL_BODY_LIMIT;
}

/** A text field holding what no column can store (NUL, an unpaired surrogate). */
export const INVALID_CHARACTERS_MESSAGE = 'يحتوي هذا الحقل على رموز غير صالحة';

/** The 400 envelope for a body problem, naming the field when there is one. */
export function bodyProblemEnvelope(problem: BodyProblem): Record<string, unknown> {
  if (problem.kind === 'depth') return { statusCode: 400, code: 'BODY_TOO_DEEP', message: ERROR_MESSAGES.BODY_TOO_DEEP };
  return {
    statusCode: 400,
    code: 'VALIDATION_FAILED',
    message: ERROR_MESSAGES.VALIDATION_FAILED,
    ...(problem.field ? { errors: { [problem.field]: INVALID_CHARACTERS_MESSAGE } } : {}),
  };
}
