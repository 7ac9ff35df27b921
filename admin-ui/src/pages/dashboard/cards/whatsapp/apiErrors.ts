// What the WhatsApp cards read from a failed call's error envelope (see providers/httpClient.ts: ApiError).

/** The server's field error for `field` carried by a failed call (the error envelope's `errors`), if any. */
export function serverFieldError(error: unknown, field: string): string | null {
  if (!error || typeof error !== 'object') return null;
  const envelope = (error as { envelope?: unknown }).envelope;
  if (!envelope || typeof envelope !== 'object') return null;
  const errors = (envelope as { errors?: unknown }).errors;
  if (!errors || typeof errors !== 'object') return null;
  const value = (errors as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() ? value : null;
}

/** The code of a failed call's error envelope (e.g. 'NO_ADMIN_NUMBERS'), if any. */
export function serverErrorCode(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const envelope = (error as { envelope?: unknown }).envelope;
  if (!envelope || typeof envelope !== 'object') return null;
  const code = (envelope as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}
