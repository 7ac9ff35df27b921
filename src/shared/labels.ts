// Arabic labels and fixed value lists shared by the server and both UIs.

export const REQUEST_STATUSES = ['received', 'reviewing', 'confirmed', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_STATUS_LABELS: Readonly<Record<RequestStatus, string>> = {
  received: 'تم الاستلام',
  reviewing: 'قيد المراجعة',
  confirmed: 'مؤكد للاستلام',
  completed: 'مكتمل',
  cancelled: 'ملغي',
};

export const REQUEST_STATUS_ORDER: Readonly<Record<RequestStatus, number>> = {
  received: 0,
  reviewing: 1,
  confirmed: 2,
  completed: 3,
  cancelled: 4,
};

/** An active request is one still in progress (received, reviewing or confirmed). */
export const ACTIVE_STATUSES: readonly RequestStatus[] = ['received', 'reviewing', 'confirmed'];

/** True when the value is one of the five request statuses. */
export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === 'string' && (REQUEST_STATUSES as readonly string[]).includes(value);
}

/** True when the status counts as active (received, reviewing or confirmed). */
export function isActiveStatus(status: string): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(status);
}

/** Sort comparator by status order: received < reviewing < confirmed < completed < cancelled. */
export function compareRequestStatus(a: RequestStatus, b: RequestStatus): number {
  return REQUEST_STATUS_ORDER[a] - REQUEST_STATUS_ORDER[b];
}

/** Arabic label of a request status, or the value itself when unknown. */
export function requestStatusLabel(status: string): string {
  return isRequestStatus(status) ? REQUEST_STATUS_LABELS[status] : status;
}

/** Where a request came from (decisions.md, wave 4): the public form, or the team entering it, or a regular donor's schedule. */
export const REQUEST_SOURCES = ['public_form', 'phone', 'whatsapp', 'walk_in', 'recurring'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];
export const REQUEST_SOURCE_LABELS: Readonly<Record<RequestSource, string>> = {
  public_form: 'نموذج الموقع',
  phone: 'اتصال هاتفي',
  whatsapp: 'واتساب',
  walk_in: 'حضور إلى الجمعية',
  recurring: 'متبرع دائم',
};

/** True when the value is one of the request sources. */
export function isRequestSource(value: unknown): value is RequestSource {
  return typeof value === 'string' && (REQUEST_SOURCES as readonly string[]).includes(value);
}

export const EVENT_TYPE_VALUES = ['wedding', 'graduation', 'birthday', 'conference', 'corporate', 'religious', 'family', 'other'] as const;
export type EventType = (typeof EVENT_TYPE_VALUES)[number];

export const EVENT_TYPE_LABELS: Readonly<Record<EventType, string>> = {
  wedding: 'حفل زواج',
  graduation: 'حفل تخرج',
  birthday: 'عيد ميلاد',
  conference: 'مؤتمر',
  corporate: 'فعالية شركة',
  religious: 'مناسبة دينية',
  family: 'مناسبة عائلية',
  other: 'أخرى',
};

/** Arabic label of a built-in event type, or the value itself (administrators may add types). */
export function eventTypeLabel(value: string): string {
  return (EVENT_TYPE_VALUES as readonly string[]).includes(value) ? EVENT_TYPE_LABELS[value as EventType] : value;
}

export const LOCATION_TYPES = ['custom', 'important_place'] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** True when the value is custom or important_place. */
export function isLocationType(value: unknown): value is LocationType {
  return typeof value === 'string' && (LOCATION_TYPES as readonly string[]).includes(value);
}

// Important places carry a stored group (decisions.md, wave 3): chosen by its Arabic name when the place
// is added, never read from the place's code. The public form lists the groups in this order.
export const IMPORTANT_PLACE_GROUPS = ['wedding', 'hotel', 'company', 'commercial', 'other'] as const;
export type ImportantPlaceGroup = (typeof IMPORTANT_PLACE_GROUPS)[number];

export const IMPORTANT_PLACE_GROUP_LABELS: Readonly<Record<ImportantPlaceGroup, string>> = {
  wedding: 'قاعات الأفراح والمناسبات',
  hotel: 'الفنادق',
  company: 'الشركات والجهات',
  commercial: 'المراكز التجارية',
  other: 'أماكن أخرى',
};

/** True for one of the five stored groups. */
export function isImportantPlaceGroup(value: unknown): value is ImportantPlaceGroup {
  return typeof value === 'string' && (IMPORTANT_PLACE_GROUPS as readonly string[]).includes(value);
}

/** A stored group as read back: a row written before groups existed (or by hand) counts as «أماكن أخرى». */
export function placeGroupOf(value: unknown): ImportantPlaceGroup {
  return isImportantPlaceGroup(value) ? value : 'other';
}

// Quick messages: the stored values are these Arabic strings (decisions.md).
export const INQUIRY_TYPES = [
  'استفسار عن خدمات الجمعية',
  'متابعة طلب سابق',
  'الاستفسار عن التطوع',
  'الاستفسار عن التبرعات',
  'تقديم اقتراح',
  'استفسار عام',
] as const;
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const INQUIRY_SUBJECTS = ['خدمات الجمعية', 'طلبات الطعام', 'الأنشطة الخيرية', 'التطوع', 'التبرعات', 'أخرى'] as const;
export type InquirySubject = (typeof INQUIRY_SUBJECTS)[number];

/** Keyword rules for classifying a quick message, checked in this order; no match gives the default below. */
export const INQUIRY_KEYWORD_RULES: ReadonlyArray<{
  keywords: readonly string[];
  inquiryType: InquiryType;
  inquirySubject: InquirySubject;
}> = [
  { keywords: ['طلب', 'جمع', 'استلام', 'request', 'collect'], inquiryType: 'متابعة طلب سابق', inquirySubject: 'طلبات الطعام' },
  { keywords: ['تطوع', 'متطوع', 'مساعدة', 'volunteer', 'help'], inquiryType: 'الاستفسار عن التطوع', inquirySubject: 'التطوع' },
  { keywords: ['تبرع', 'دعم', 'donate', 'support'], inquiryType: 'الاستفسار عن التبرعات', inquirySubject: 'التبرعات' },
  {
    keywords: ['خدمة', 'خدمات', 'معلومات', 'service', 'information'],
    inquiryType: 'استفسار عن خدمات الجمعية',
    inquirySubject: 'خدمات الجمعية',
  },
];
export const DEFAULT_INQUIRY_TYPE: InquiryType = 'استفسار عام';
export const DEFAULT_INQUIRY_SUBJECT: InquirySubject = 'أخرى';

/** True when the value is one of the six stored inquiry types. */
export function isInquiryType(value: unknown): value is InquiryType {
  return typeof value === 'string' && (INQUIRY_TYPES as readonly string[]).includes(value);
}

/** True when the value is one of the six stored inquiry subjects. */
export function isInquirySubject(value: unknown): value is InquirySubject {
  return typeof value === 'string' && (INQUIRY_SUBJECTS as readonly string[]).includes(value);
}

// Delivery status of a quick message's acknowledgement and of an administrator's reply.
export const QUICK_MESSAGE_STATUSES = ['pending', 'sent', 'delivered', 'failed'] as const;
export type QuickMessageStatus = (typeof QUICK_MESSAGE_STATUSES)[number];
export const QUICK_MESSAGE_STATUS_LABELS: Readonly<Record<QuickMessageStatus, string>> = {
  pending: 'قيد المعالجة',
  sent: 'تم الإرسال',
  delivered: 'تم التسليم',
  failed: 'فشل الإرسال',
};

export const REPLY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type ReplyStatus = (typeof REPLY_STATUSES)[number];
export const REPLY_STATUS_LABELS: Readonly<Record<ReplyStatus, string>> = {
  pending: 'قيد الإرسال',
  sent: 'تم إرسال الرد',
  failed: 'فشل إرسال الرد',
};

// Outbox: recipients start pending, attempts start queued; attempt statuses only move forward.
export const GPS_ACCURACY_LEVELS = ['high', 'medium', 'low'] as const;
export type GpsAccuracyLevel = (typeof GPS_ACCURACY_LEVELS)[number];
export const IMPACT_PERIOD_TYPES = ['weekly', 'monthly', 'quarterly', 'annual', 'custom'] as const;
export type ImpactPeriodType = (typeof IMPACT_PERIOD_TYPES)[number];
export const IMPACT_PERIOD_TYPE_LABELS: Readonly<Record<ImpactPeriodType, string>> = {
  weekly: 'أسبوعي',
  monthly: 'شهري',
  quarterly: 'ربع سنوي',
  annual: 'سنوي',
  custom: 'فترة مخصصة',
};

export const STATISTICS_PERIODS = ['daily', 'monthly', 'all_time'] as const;
export type StatisticsPeriod = (typeof STATISTICS_PERIODS)[number];
export const STATISTICS_PERIOD_LABELS: Readonly<Record<StatisticsPeriod, string>> = {
  daily: 'يومي',
  monthly: 'شهري',
  all_time: 'كل الفترات',
};

export const ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_SEVERITY_LABELS: Readonly<Record<AlertSeverity, string>> = {
  low: 'منخفضة',
  medium: 'متوسطة',
  high: 'عالية',
  critical: 'حرجة',
};

export const FOOD_CALCULATION_METHODS = ['formula', 'manual'] as const;
export type FoodCalculationMethod = (typeof FOOD_CALCULATION_METHODS)[number];
export const FOOD_CALCULATION_METHOD_LABELS: Readonly<Record<FoodCalculationMethod, string>> = {
  formula: 'حسب عدد الحضور (معادلة)',
  manual: 'كمية ثابتة لكل طلب مكتمل',
};

/** Arabic names of activity-log actions. */
export const ACTIVITY_ACTION_LABELS: Readonly<Record<string, string>> = {
  request_created: 'طلب جديد',
  status_changed: 'تغيير حالة طلب',
  request_deleted: 'حذف طلب',
  request_restored: 'استعادة طلب من الأرشيف',
  request_note_added: 'ملاحظة داخلية على طلب',
  request_assignee_changed: 'تعيين المسؤول عن الاستلام',
  requests_exported: 'تصدير قائمة الطلبات',
  quick_message_received: 'رسالة سريعة واردة',
  sticker_uploaded: 'رفع ملصق',
  sticker_deleted: 'حذف ملصق',
  governance_created: 'إضافة وثيقة حوكمة',
  governance_updated: 'تعديل وثيقة حوكمة',
  governance_deleted: 'حذف وثيقة حوكمة',
  statistics_exported: 'تصدير الإحصائيات',
  food_calculation_updated: 'تعديل حساب الطعام',
  pickup_capacity_updated: 'تعديل الحد اليومي للاستلامات',
  homepage_statistics_updated: 'تعديل أرقام الصفحة الرئيسية',
  homepage_statistics_reset: 'العودة إلى الأرقام المحسوبة',
  content_updated: 'تعديل محتوى الموقع',
  dropdown_options_updated: 'تعديل القوائم المنسدلة',
  important_place_created: 'إضافة مكان مهم',
  important_place_updated: 'تعديل مكان مهم',
  important_place_deleted: 'حذف مكان مهم',
  district_created: 'إضافة حي',
  district_deleted: 'حذف حي',
  impact_report_created: 'إنشاء تقرير أثر',
  sticker_updated: 'تعديل ملصق',
  sticker_toggled: 'تفعيل أو تعطيل ملصق',
  governance_toggled: 'تفعيل أو تعطيل وثيقة حوكمة',
  site_block_toggled: 'إيقاف الموقع أو تشغيله',
  verification_toggled: 'تغيير رمز التحقق عند الدخول',
  template_mode_toggled: 'تغيير وضع قوالب واتساب',
  admin_numbers_updated: 'تعديل أرقام المسؤولين',
  auto_reply_variable_updated: 'تعديل متغيرات الرد الآلي',
  whatsapp_test_sent: 'إرسال رسالة واتساب تجريبية',
  quick_message_replied: 'الرد على رسالة سريعة',
  quick_message_retried: 'إعادة إرسال رد رسالة سريعة',
  quick_messages_deleted: 'حذف رسائل سريعة',
  quick_message_updated: 'تعديل حالة رسالة سريعة أو ربطها بطلب',
  requests_bulk_action: 'إجراء جماعي على الطلبات',
  host_status_changed: 'إلغاء الطلب من صاحبه',
  emergency_code_created: 'إنشاء رمز طوارئ',
  emergency_code_updated: 'تعديل رمز طوارئ',
  emergency_code_deleted: 'حذف رمز طوارئ',
  security_alert_resolved: 'معالجة تنبيه أمني',
  account_unfrozen: 'إلغاء تجميد الحساب',
  password_changed: 'تغيير كلمة المرور',
  logout: 'تسجيل الخروج',
  admin_call: 'إجراء إداري',
  message_resent: 'إعادة إرسال رسالة واتساب',
  site_blocked: 'إيقاف الموقع',
  site_unblocked: 'تشغيل الموقع',
  verification_enabled: 'تفعيل رمز التحقق عند الدخول',
  verification_disabled: 'إيقاف رمز التحقق عند الدخول',
  impact_report_visibility: 'تغيير ظهور تقرير أثر',
  security_settings_updated: 'تعديل إعدادات الأمان',
  certificate_issued: 'إصدار شهادة شكر',
  volunteer_created: 'إضافة متطوع',
  volunteer_updated: 'تعديل بيانات متطوع',
  volunteer_deactivated: 'إيقاف تفعيل متطوع',
  volunteer_activated: 'إعادة تفعيل متطوع',
  volunteer_deleted: 'حذف متطوع',
  volunteer_status_changed: 'تحديث الاستلام من صفحة المتطوع',
  volunteer_on_the_way: 'المتطوع في الطريق',
  volunteer_link_replaced: 'رابط جديد لصفحة متطوع',
};

/** The Arabic name of an action; an unknown one reads «إجراء إداري», never the raw code. */
export function activityActionLabel(action: string): string {
  return ACTIVITY_ACTION_LABELS[action] ?? 'إجراء إداري';
}

/** Arabic names of what an activity-log row is about (`entity_type`); the log never shows the raw type. */
export const ACTIVITY_ENTITY_LABELS: Readonly<Record<string, string>> = {
  request: 'طلب',
  sticker: 'ملصق',
  governance: 'وثيقة حوكمة',
  governance_card: 'وثيقة حوكمة',
  statistics: 'إحصائيات',
  food_calculation_settings: 'حساب الطعام',
  homepage_statistics: 'أرقام الصفحة الرئيسية',
  quick_message: 'رسالة سريعة',
  impact_report: 'تقرير أثر',
  content: 'محتوى الموقع',
  dropdown_options: 'القوائم المنسدلة',
  important_place: 'مكان مهم',
  district: 'حي',
  system_settings: 'إعدادات النظام',
  system_setting: 'إعدادات النظام',
  whatsapp: 'واتساب',
  message: 'رسالة واتساب',
  emergency_code: 'رمز طوارئ',
  security_alert: 'تنبيه أمني',
  security_settings: 'إعدادات الأمان',
  certificate: 'شهادة شكر',
  user: 'حساب المسؤول',
  session: 'جلسة',
  volunteer: 'متطوع',
};

/** The Arabic name of an activity row's subject; an unknown type reads «عنصر آخر», never the raw type. */
export function activityEntityLabel(entityType: string): string {
  return ACTIVITY_ENTITY_LABELS[entityType] ?? 'عنصر آخر';
}
