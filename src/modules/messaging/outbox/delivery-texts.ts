/**
 * The Arabic the operator reads about delivery: why a message stopped (the request's messages and
 * the dashboard show it) and the operations alerts when sending pauses and resumes.
 */
export const DELIVERY_TEXTS = {
  expired: 'انتهت صلاحية الرسالة قبل إرسالها',
  noConsent: 'لا توجد موافقة على استلام رسائل واتساب لهذا الرقم',
  dailyCapDeferred: 'تم تأجيل الرسالة لبلوغ الحد اليومي للمحادثات التي تبدأها الجمعية',
  paused: (lastError: string | null) =>
    `توقف إرسال رسائل واتساب مؤقتاً لأن مزود الخدمة لا يستجيب (${lastError ?? 'خطأ غير معروف'}). الرسائل محفوظة وستُرسل تلقائياً عند عودته.`,
  resumed: (minutes: number) => `عاد إرسال رسائل واتساب بعد توقف دام نحو ${minutes} دقيقة، وتُرسل الرسائل المنتظرة الآن.`,
} as const;
