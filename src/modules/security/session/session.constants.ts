/** A session lasts at most 12 hours and ends after 1 hour without use; emergency access: 1 hour in all. */
export const ADMIN_SESSION_MAX_MS = 12 * 60 * 60 * 1000;
export const ADMIN_SESSION_IDLE_MS = 60 * 60 * 1000;
export const EMERGENCY_SESSION_MS = 60 * 60 * 1000;
