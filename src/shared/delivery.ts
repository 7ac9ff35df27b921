/** How the admin shows WhatsApp deliveries (issue: the operator sees delivery and can repair it). */
import type { TemplateKey } from './templates';

/** Arabic names of the message templates (the desk, the failed-messages card and the templates card). */
export const TEMPLATE_LABELS: Readonly<Record<TemplateKey, string>> = {
  newRequest: 'إشعار المشرفين بطلب جديد',
  statusUpdate: 'تحديث حالة الطلب',
  customMessage: 'رسالة من فريق الجمعية',
  requestConfirmation: 'تأكيد استلام الطلب',
  verificationCode: 'رمز التحقق للمشرفين',
  securityAlert: 'تنبيه أمني للمشرفين',
  inquiryReceived: 'تأكيد استلام الاستفسار',
  autoReply: 'الرد الآلي',
  hostCancelled: 'إشعار المشرفين بإلغاء صاحب الطلب',
  volunteerOnTheWay: 'المتطوع في الطريق إلى صاحب الطلب',
  volunteerUpdate: 'إشعار المشرفين بعدم الاستلام',
  volunteerLink: 'رابط صفحة المتطوع',
  volunteerAssignment: 'إسناد استلام إلى متطوع',
  volunteerUnassigned: 'إلغاء إسناد استلام',
};

export function templateLabel(key: string): string {
  return TEMPLATE_LABELS[key as TemplateKey] ?? key;
}

/** The statuses of one outgoing message (assurance_attempts.status). */
export const ATTEMPT_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'undelivered', 'cancelled'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

/** The forward-only part of the order; a provider's callback may only move a message along it. */
const ATTEMPT_STATUS_RANK: Readonly<Partial<Record<AttemptStatus, number>>> = { queued: 0, sending: 1, sent: 2, delivered: 3, read: 4 };
/** Nothing a provider says later changes these. */
export const FINAL_ATTEMPT_STATUSES: readonly AttemptStatus[] = ['failed', 'undelivered', 'cancelled'];

/**
 * Whether a provider's status callback moves a message from `current` to `next`: never out of a final
 * status, only forward (a late «sent» after «read» is ignored), and a failure only before delivery.
 */
export function statusCallbackApplies(current: AttemptStatus, next: AttemptStatus): boolean {
  if (FINAL_ATTEMPT_STATUSES.includes(current)) return false;
  const rank = ATTEMPT_STATUS_RANK[current] ?? 0;
  if (next === 'failed' || next === 'undelivered') return rank < ATTEMPT_STATUS_RANK.delivered!;
  return (ATTEMPT_STATUS_RANK[next] ?? 0) > rank;
}

export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'delivered', 'read', 'failed', 'undelivered', 'expired', 'cancelled'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

export const MESSAGE_STATE_LABELS: Readonly<Record<MessageState, string>> = {
  queued: 'في قائمة الانتظار',
  sending: 'جارٍ الإرسال',
  sent: 'تم الإرسال',
  delivered: 'تم التسليم',
  read: 'تمت القراءة',
  failed: 'فشل الإرسال',
  undelivered: 'لم يُسلَّم',
  expired: 'انتهت صلاحيتها',
  cancelled: 'أُلغيت',
};

/** The providers' error codes as an administrator should read them (Twilio's, then Meta's). */
const ERROR_TEXTS: Readonly<Record<string, string>> = {
  '21211': 'رقم الجوال غير صالح',
  '21610': 'أوقف المستلم استقبال الرسائل',
  '21408': 'الإرسال إلى هذه المنطقة غير مسموح في حساب المزوّد',
  '63003': 'الرقم غير مسجل في واتساب',
  '63024': 'الرقم غير مسجل في واتساب',
  '63016': 'انتهت نافذة الـ24 ساعة ولم يُعتمد قالب لهذه الرسالة',
  '63049': 'رفضت واتساب القالب',
  '63013': 'رفضت واتساب القالب',
  '63018': 'تجاوز حد الإرسال لدى واتساب',
  '429': 'تجاوز حد الإرسال لدى المزوّد',
  '30003': 'هاتف المستلم غير متاح',
  '30005': 'الرقم غير معروف أو غير موجود',
  '30006': 'الرقم لا يستقبل الرسائل',
  '30008': 'خطأ غير معروف لدى شبكة الجوال',
  '100': 'طلب الإرسال غير صالح',
  '190': 'انتهت صلاحية رمز الوصول إلى ميتا',
  '80007': 'تجاوز حد الإرسال لحساب واتساب للأعمال',
  '130429': 'تجاوز حد الإرسال لدى واتساب',
  '131021': 'لا يمكن الإرسال إلى رقم المرسل نفسه',
  '131026': 'الرقم غير مسجل في واتساب أو لا يستقبل الرسائل',
  '131030': 'الرقم ليس ضمن الأرقام المسموح بها لحساب التجربة',
  '131031': 'حساب واتساب للأعمال مقفل',
  '131047': 'انتهت نافذة الـ24 ساعة ولم يُعتمد قالب لهذه الرسالة',
  '131048': 'قيّدت واتساب الإرسال من رقم الجمعية مؤقتاً',
  '131049': 'امتنعت واتساب عن تسليم الرسالة',
  '131051': 'نوع الرسالة غير مدعوم',
  '131056': 'رسائل كثيرة إلى الرقم نفسه في وقت قصير',
  '132000': 'عدد متغيرات القالب لا يطابق القالب المعتمد',
  '132001': 'لا يوجد قالب معتمد بهذا الاسم لدى ميتا',
  '132015': 'القالب موقوف لدى ميتا',
  '132016': 'القالب معطّل لدى ميتا',
};

const STOP_TEXTS: Readonly<Record<string, string>> = {
  expired: 'انتهت صلاحية الرسالة قبل إرسالها',
  not_opted_in: 'لم يوافق المستلم على رسائل واتساب',
  opted_out: 'أوقف المستلم استقبال الرسائل',
};

/** The error in Arabic: a known provider code, else the stop reason, else a plain failure text. */
export function deliveryErrorText(code: string | null, stopReason: string | null): string | null {
  if (code && ERROR_TEXTS[code]) return ERROR_TEXTS[code];
  if (stopReason && STOP_TEXTS[stopReason]) return STOP_TEXTS[stopReason];
  if (code && /^5\d\d$/.test(code)) return 'تعطل مؤقت لدى المزوّد';
  if (code || stopReason) return `تعذّر الإرسال (${code ?? stopReason})`;
  return null;
}

/** Messages that can be sent again: a final failure of a template that keeps its content (not a code). */
export function canResend(state: MessageState, templateKey: string): boolean {
  return (state === 'failed' || state === 'undelivered') && templateKey !== 'verificationCode';
}

/** GET /api/requests/{id}/messages and GET /api/admin/messages/failed. */
export interface DeliveryRow {
  id: number;
  requestId: number | null;
  templateKey: string;
  templateLabel: string;
  recipient: string;
  /** customer, admin… */
  role: string | null;
  state: MessageState;
  stateLabel: string;
  tries: number;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  updatedAt: string;
  error: string | null;
  canResend: boolean;
}

/** Sending paused by the provider circuit (dashboard warning). */
export interface DeliveryPauseInfo {
  paused: boolean;
  /** When sending paused (ISO), null while it runs. */
  since: string | null;
  /** When one message will probe the provider again (ISO). */
  nextProbeAt: string | null;
  /** The provider's last error, as it answered (for the operator to pass on to support). */
  lastError: string | null;
}

/** GET /api/admin/messages/failed: the last 24 hours' final failures and whether sending is paused. */
export interface FailedMessages {
  total: number;
  rows: DeliveryRow[];
  pause: DeliveryPauseInfo;
}
