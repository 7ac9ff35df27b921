/** Shape of GET /api/security/status (the lists' shapes are in @shared/api/security). */
export interface SecurityStatus {
  username: string;
  isFrozen: boolean;
  frozenUntil: string | null;
  lastSuccessfulLogin: string | null;
  failedAttempts: number;
  maxFailedAttempts: number;
  freezeDurationMinutes: number;
  geoAlertEnabled: boolean;
  allowedCountries: string[];
}

export const SECURITY_KEYS = {
  status: ['security', 'status'] as const,
  settings: ['security', 'settings'] as const,
};
