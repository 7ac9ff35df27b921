import { DomainException } from './domain.exception';

interface ErrorDefinition {
  status: number;
  message: string;
}

type Options = ConstructorParameters<typeof DomainException>[3];

/** Every code declared by any module, with its one HTTP status (checked when modules load). */
const registry = new Map<string, number>();

/**
 * A module's error codes, each with one HTTP status and its default Arabic message:
 *   export const MessagingErrors = defineErrors({ NO_ADMIN_NUMBERS: { status: 503, message: '…' } });
 *   throw MessagingErrors.NO_ADMIN_NUMBERS();
 * Declaring a code twice with different statuses fails at start-up, not in front of a user.
 */
export function defineErrors<const T extends Record<string, ErrorDefinition>>(
  definitions: T,
): { [K in keyof T]: (message?: string, options?: Options) => DomainException } & { readonly definitions: T } {
  const out: Record<string, unknown> = { definitions };
  for (const [code, { status, message }] of Object.entries(definitions)) {
    const known = registry.get(code);
    if (known !== undefined && known !== status) throw new Error(`Error code ${code} declared with HTTP ${known} and ${status}`);
    registry.set(code, status);
    out[code] = (override?: string, options?: Options) => new DomainException(status, code, override ?? message, options);
  }
  return out as never;
}
