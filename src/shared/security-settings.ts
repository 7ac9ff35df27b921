/** The security policy administrators edit on the security tab (decisions.md "Security settings are editable"). */

/** PATCH /api/security/settings body (every field optional) and answer (every field). */
export interface SecuritySettings {
  /** ISO 3166-1 alpha-2 codes; password and code logins from other countries are refused. */
  allowedCountries: string[];
  /** Alert the administrators when a login succeeds from a country not seen before. */
  geoAlertEnabled: boolean;
  /** Wrong passwords in a row that freeze an account. */
  maxFailedAttempts: number;
  /** How long a freeze lasts. */
  freezeDurationMinutes: number;
}

/** The spec's defaults (admin-side §10). */
export const SECURITY_SETTINGS_DEFAULTS: SecuritySettings = {
  allowedCountries: ['SA'],
  geoAlertEnabled: true,
  maxFailedAttempts: 3,
  freezeDurationMinutes: 30,
};

/**
 * Bounds. Fewer than 3 wrong passwords would let anyone freeze an account with a typo's worth of
 * tries; more than 20 gives a guesser too many. A freeze under 5 minutes barely slows guessing; one
 * over a day locks the charity out of its own desk for too long.
 */
export const SECURITY_SETTINGS_LIMITS = {
  maxFailedAttempts: { min: 3, max: 20 },
  freezeDurationMinutes: { min: 5, max: 1440 },
} as const;

const L = SECURITY_SETTINGS_LIMITS;

export const SECURITY_SETTINGS_MESSAGES = {
  allowedCountries: 'اختر دولة واحدة على الأقل من القائمة',
  unknownCountry: 'القائمة تحوي رمز دولة غير معروف',
  duplicateCountry: 'القائمة تحوي دولة مكررة',
  geoAlertEnabled: 'تنبيه الدخول من دولة جديدة يجب أن يكون مفعلاً أو متوقفاً',
  maxFailedAttempts: `عدد المحاولات الفاشلة قبل التجميد رقم صحيح من ${L.maxFailedAttempts.min} إلى ${L.maxFailedAttempts.max}`,
  freezeDurationMinutes: `مدة التجميد رقم صحيح من ${L.freezeDurationMinutes.min} إلى ${L.freezeDurationMinutes.max} دقيقة (يوم كامل)`,
  nothingToChange: 'لم يُرسل أي إعداد لتغييره',
  saved: 'تم حفظ إعدادات الأمان وإبلاغ المسؤولين بالتغيير',
  unchanged: 'لم يتغير شيء: الإعدادات كما هي',
  /** The editor would lock themselves out: their current country is not in the new list. */
  lockout: (country: string) =>
    `لا يمكن حفظ هذه القائمة: أنت متصل الآن من ${country} وهي ليست ضمن الدول المسموحة، فلن تتمكن من تسجيل الدخول بعد انتهاء جلستك. أضف ${country} إلى القائمة أولاً.`,
} as const;

/** Arabic names of the four settings, for the activity log and the administrators' alert. */
export const SECURITY_SETTINGS_LABELS: Record<keyof SecuritySettings, string> = {
  allowedCountries: 'الدول المسموحة',
  geoAlertEnabled: 'تنبيه الدخول من دولة جديدة',
  maxFailedAttempts: 'المحاولات الفاشلة قبل التجميد',
  freezeDurationMinutes: 'مدة التجميد (دقيقة)',
};
