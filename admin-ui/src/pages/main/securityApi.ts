/** Shapes of the security calls (GET /api/security/*). */
export interface LoginAttempt {
  id: number;
  username: string;
  success: boolean;
  ipAddress: string | null;
  country: string | null;
  countryCode: string | null;
  failureReason: string | null;
  attemptedAt: string;
}

export interface SecurityAlert {
  id: number;
  alertType: string;
  severity: string;
  description: string;
  country: string | null;
  ipAddress: string | null;
  username?: string | null;
  createdAt: string;
  resolved: boolean;
}

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

export interface EmergencyCode {
  id: number;
  masterCode: string;
  securityQuestion: string;
  isActive: boolean;
  usageCount: number;
  lastUsedAt: string | null;
  lastUsedBy: string | null;
  expiresAt: string | null;
  createdAt: string;
}

export const SECURITY_KEYS = {
  attempts: ['security', 'login-attempts'] as const,
  alerts: ['security', 'alerts'] as const,
  status: ['security', 'status'] as const,
  emergencyCodes: ['security', 'emergency-codes'] as const,
};
