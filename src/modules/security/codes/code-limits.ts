// The code checks' limits and their messages, apart from the guard so the error definitions can read them.

/** 10 wrong codes in a 30-minute window (opened by its first check) block the account's code checks for 30 minutes. */
export const CODE_FAILURE_LIMIT = 10;
export const CODE_FAILURE_WINDOW_MS = 30 * 60_000;
export const CODE_BLOCK_MS = 30 * 60_000;
/** Codes per account are counted over this window (RATE_LIMIT_CODES_PER_ACCOUNT of them, default 3). */
export const CODE_ISSUE_WINDOW_MS = 15 * 60_000;

export const CODE_MESSAGES = {
  blocked: 'تم إيقاف التحقق بالرمز لهذا الحساب مؤقتاً بسبب كثرة الرموز الخاطئة، يرجى المحاولة بعد %m دقيقة',
  tooManyCodes: 'تم إرسال عدد كبير من الرموز لهذا الحساب، يرجى الانتظار %m دقيقة قبل طلب رمز جديد',
} as const;
