// The Arabic texts of the public request form and its API answers (spec §5 and decisions.md).
import { EVENT_DATE_MAX_MONTHS_AHEAD, LENGTH_LIMITS, MAX_ATTENDEES } from './constants';

export const PHONE_EXAMPLE = '0501234567';
export const EMAIL_EXAMPLE = 'name@example.com';

/** Arabic messages of the request schema (spec §5 and decisions.md). */
export const REQUEST_MESSAGES = {
  eventTypeRequired: 'يرجى اختيار نوع الفعالية',
  eventTypeUnknown: 'نوع الفعالية غير متاح، يرجى اختياره من القائمة',
  attendeeMin: 'العدد الأدنى للحضور هو 10 أشخاص',
  attendeeNotNumber: 'يرجى إدخال عدد الحضور بالأرقام',
  attendeeMax: `عدد الحضور أكبر من المسموح (${MAX_ATTENDEES} كحد أقصى)`,
  eventDateRequired: 'يرجى تحديد تاريخ الفعالية',
  eventDateInvalid: 'تاريخ الفعالية غير صحيح',
  eventDatePast: 'لا يمكن اختيار تاريخ في الماضي',
  eventDateTooFar: `لا يمكن اختيار تاريخ بعد أكثر من ${EVENT_DATE_MAX_MONTHS_AHEAD} أشهر من اليوم`,
  endTimeRequired: 'يرجى تحديد وقت انتهاء الفعالية',
  endTimeFormat: 'تنسيق الوقت غير صحيح',
  sameDayEndTime: 'إذا كانت الفعالية اليوم، يجب أن يكون وقت الانتهاء على الأقل ساعة من الآن',
  locationTypeRequired: 'يرجى اختيار نوع الموقع',
  locationTypeInvalid: 'نوع الموقع غير صحيح',
  locationDetails: 'يرجى إكمال بيانات الموقع',
  areaUnknown: 'المنطقة غير متاحة، يرجى اختيارها من القائمة',
  districtUnknown: 'الحي غير متاح في المنطقة المختارة، يرجى اختياره من القائمة',
  coordinatesInvalid: 'إحداثيات الموقع غير صحيحة',
  phoneInvalid: `يرجى إدخال رقم هاتف سعودي صحيح (مثال: ${PHONE_EXAMPLE})`,
  organizerNameRequired: 'يرجى إدخال اسم منظم الفعالية',
  organizerPhoneRequired: 'يرجى إدخال رقم هاتف منظم الفعالية',
  emailInvalid: `يرجى إدخال بريد إلكتروني صحيح (مثال: ${EMAIL_EXAMPLE})`,
  foodTypesInvalid: `أنواع الطعام غير صحيحة (${LENGTH_LIMITS.foodTypesItems} نوعاً كحد أقصى)`,
  optInInvalid: 'قيمة الموافقة على إشعارات واتساب غير صحيحة',
  invalidValue: 'قيمة الحقل غير صحيحة',
  fieldNotAllowed: 'هذا الحقل غير مسموح',
  tooLong: (max: number): string => `النص أطول من المسموح (${max} حرفاً كحد أقصى)`,
} as const;

/** Consent wording recorded when the visitor ticked the WhatsApp box and the client sent no text. */
export const DEFAULT_WHATSAPP_CONSENT_TEXT =
  'أوافق على استلام إشعارات حالة طلبي عبر واتساب من الجمعية، ويمكنني إيقافها في أي وقت بإرسال كلمة «إيقاف».';

/** Messages of the request call's own outcomes (success and the two 409 codes). */
export const REQUEST_OUTCOME_MESSAGES = {
  created: 'تم إرسال طلبك بنجاح، وسيتواصل معك فريقنا خلال ساعتين',
  duplicate: (id: number): string =>
    `يوجد طلب نشط برقم #${id} بنفس نوع الفعالية والتاريخ لهذا الرقم، يرجى اختيار تاريخ آخر أو متابعة الطلب السابق`,
  limit: (count: number): string => `وصلت إلى الحد الأقصى للطلبات النشطة (${count} طلبات)، يمكنك تقديم طلب جديد بعد اكتمال أحد طلباتك`,
} as const;
