// The WhatsApp templates (decisions.md; hostCancelled from the host's own page; wave 4's from the volunteer's page). Placeholders are numbered across the whole template, as
// Twilio's Content API numbers its ContentVariables; `variables[i]` names what {{i + 1}} holds.
import type { TemplateCategory, TemplateComponent, TemplateKey } from '../../../shared/templates';

export interface WhatsAppTemplateSeed {
  key: TemplateKey;
  /** Template name as registered with WhatsApp (snake_case). */
  name: string;
  category: TemplateCategory;
  language: 'ar';
  /** Who receives it: the customer (organizer or inquiry sender) or the administrators. */
  audience: 'customer' | 'admin';
  components: TemplateComponent[];
  placeholdersCount: number;
  variables: string[];
  /** Variables that must be stored encrypted and masked in logs. */
  secretVariables: string[];
}

const OPT_OUT_FOOTER = 'لإيقاف الرسائل أرسل كلمة: إيقاف';
/** The host's own page, /r/{token}: a URL button whose address ends in the request's secret token. */
const HOST_PAGE_BUTTON = 'متابعة الطلب';
const ADMIN_FOOTER = 'إشعار آلي من نظام طلبات حفظ النعمة';

export const WHATSAPP_TEMPLATES: readonly WhatsAppTemplateSeed[] = [
  {
    key: 'newRequest',
    name: 'new_collection_request',
    category: 'utility',
    language: 'ar',
    audience: 'admin',
    components: [
      { type: 'HEADER', text: 'طلب جديد لاستلام فائض طعام' },
      {
        type: 'BODY',
        text:
          'وصل طلب جديد رقم #{{1}}.\n' +
          'نوع المناسبة: {{2}}\n' +
          'التاريخ: {{3}}\n' +
          'وقت الانتهاء: {{4}}\n' +
          'عدد الحضور: {{5}}\n' +
          'الموقع: {{6}}\n' +
          'المنظم: {{7}}\n' +
          'جوال المنظم: {{8}}\n' +
          'يرجى مراجعة الطلب من لوحة التحكم.',
      },
      { type: 'FOOTER', text: ADMIN_FOOTER },
    ],
    placeholdersCount: 8,
    variables: [
      'requestNumber',
      'eventTypeLabel',
      'eventDate',
      'endTime',
      'attendeeCount',
      'fullAddress',
      'organizerName',
      'organizerPhone',
    ],
    secretVariables: [],
  },
  {
    key: 'statusUpdate',
    name: 'request_status_update',
    category: 'utility',
    language: 'ar',
    audience: 'customer',
    components: [
      { type: 'HEADER', text: 'تحديث حالة طلبكم' },
      {
        type: 'BODY',
        text: 'مرحباً {{1}}،\n' + 'تم تحديث حالة طلبكم رقم #{{2}} ({{3}} بتاريخ {{4}}) إلى: {{5}}.\n' + 'شكراً لمساهمتكم في حفظ النعمة.',
      },
      { type: 'FOOTER', text: OPT_OUT_FOOTER },
      { type: 'BUTTONS', text: HOST_PAGE_BUTTON, url: '/r/{{6}}' },
    ],
    placeholdersCount: 6,
    variables: ['organizerName', 'requestNumber', 'eventTypeLabel', 'eventDate', 'statusLabel', 'selfServiceToken'],
    // The link's token opens the host's page (and its cancel button): stored encrypted, masked in logs.
    secretVariables: ['selfServiceToken'],
  },
  {
    key: 'customMessage',
    name: 'custom_message',
    category: 'utility',
    language: 'ar',
    audience: 'customer',
    components: [
      { type: 'HEADER', text: 'رسالة من فريق الجمعية' },
      {
        type: 'BODY',
        text: 'مرحباً {{1}}،\nبخصوص {{2}}:\n{{3}}\n\nيسعدنا تواصلكم بالرد على هذه الرسالة.',
      },
      { type: 'FOOTER', text: OPT_OUT_FOOTER },
    ],
    placeholdersCount: 3,
    variables: ['recipientName', 'subject', 'message'],
    secretVariables: [],
  },
  {
    key: 'requestConfirmation',
    name: 'request_confirmation',
    category: 'utility',
    language: 'ar',
    audience: 'customer',
    components: [
      { type: 'HEADER', text: 'تم استلام طلبكم' },
      {
        type: 'BODY',
        text:
          'مرحباً {{1}}،\n' +
          'شكراً لكم، استلمنا طلبكم لاستلام فائض الطعام برقم #{{2}}.\n' +
          'نوع المناسبة: {{3}}\n' +
          'التاريخ: {{4}}\n' +
          'وقت الانتهاء: {{5}}\n' +
          'الموقع: {{6}}\n' +
          'سيتواصل معكم فريقنا خلال ساعتين لتأكيد موعد الاستلام.\n' +
          'تابعوا حالة طلبكم من الزر أدناه، ومنه يمكنكم إلغاؤه قبل انتهاء المناسبة بأكثر من 4 ساعات.',
      },
      { type: 'FOOTER', text: OPT_OUT_FOOTER },
      { type: 'BUTTONS', text: HOST_PAGE_BUTTON, url: '/r/{{7}}' },
    ],
    placeholdersCount: 7,
    variables: ['organizerName', 'requestNumber', 'eventTypeLabel', 'eventDate', 'endTime', 'fullAddress', 'selfServiceToken'],
    secretVariables: ['selfServiceToken'],
  },
  {
    // Authentication shape: the code, a security notice, the expiry, and a copy-code button.
    key: 'verificationCode',
    name: 'admin_verification_code',
    category: 'authentication',
    language: 'ar',
    audience: 'admin',
    components: [
      { type: 'BODY', text: 'رمز التحقق الخاص بك هو {{1}}. لا تشارك هذا الرمز مع أي شخص.' },
      { type: 'FOOTER', text: 'صلاحية هذا الرمز 5 دقائق.' },
      { type: 'BUTTONS', text: 'نسخ الرمز' },
    ],
    placeholdersCount: 1,
    variables: ['code'],
    secretVariables: ['code'],
  },
  {
    key: 'securityAlert',
    name: 'admin_security_alert',
    category: 'utility',
    language: 'ar',
    audience: 'admin',
    components: [
      { type: 'HEADER', text: 'تنبيه أمني' },
      {
        type: 'BODY',
        text:
          'تنبيه أمني: {{1}}\n' +
          'اسم المستخدم: {{2}}\n' +
          'التفاصيل: {{3}}\n' +
          'عنوان IP: {{4}}\n' +
          'الوقت: {{5}}\n' +
          'إذا لم يكن هذا النشاط معروفاً لديك فراجع قسم الأمان في لوحة التحكم فوراً.',
      },
      { type: 'FOOTER', text: ADMIN_FOOTER },
    ],
    placeholdersCount: 5,
    variables: ['alertTitle', 'username', 'details', 'ipAddress', 'time'],
    secretVariables: [],
  },
  {
    key: 'inquiryReceived',
    name: 'inquiry_received',
    category: 'utility',
    language: 'ar',
    audience: 'customer',
    components: [
      { type: 'HEADER', text: 'تم استلام استفساركم' },
      {
        type: 'BODY',
        text: 'مرحباً {{1}}،\n' + 'استلمنا استفساركم رقم #{{2}} ({{3}})، وسنرد عليكم هنا عبر واتساب في أقرب وقت.\n' + 'شكراً لتواصلكم معنا.',
      },
      { type: 'FOOTER', text: OPT_OUT_FOOTER },
    ],
    placeholdersCount: 3,
    variables: ['senderName', 'inquiryNumber', 'inquiryType'],
    secretVariables: [],
  },
  {
    key: 'autoReply',
    name: 'auto_reply',
    category: 'utility',
    language: 'ar',
    audience: 'customer',
    components: [
      {
        type: 'BODY',
        text:
          'شكراً لتواصلكم معنا.\n' +
          'هذا الرقم مخصص للإشعارات. لطلب استلام فائض طعام مناسبتكم تفضلوا بزيارة موقعنا: {{1}}\n' +
          'أوقات استقبال الطلبات: {{2}}\n' +
          'نطاق الخدمة: {{3}}\n' +
          'للتواصل المباشر: {{4}} أو {{5}}\n' +
          'نسعد بخدمتكم.',
      },
      { type: 'FOOTER', text: OPT_OUT_FOOTER },
    ],
    placeholdersCount: 5,
    variables: ['website', 'hours', 'area', 'phone1', 'phone2'],
    secretVariables: [],
  },
  {
    // The host cancelled from their own page: every administrator at once (no team should drive out).
    key: 'hostCancelled',
    name: 'request_cancelled_by_host',
    category: 'utility',
    language: 'ar',
    audience: 'admin',
    components: [
      { type: 'HEADER', text: 'إلغاء طلب من صاحبه' },
      {
        type: 'BODY',
        text:
          'ألغى صاحب الطلب رقم #{{1}} طلبه من صفحة الطلب.\n' +
          'المنظم: {{2}}\n' +
          'نوع المناسبة: {{3}}\n' +
          'التاريخ: {{4}}\n' +
          'وقت الانتهاء: {{5}}\n' +
          'الموقع: {{6}}\n' +
          'السبب: {{7}}\n' +
          'لا حاجة لإرسال فريق الاستلام.',
      },
      { type: 'FOOTER', text: ADMIN_FOOTER },
    ],
    placeholdersCount: 7,
    variables: ['requestNumber', 'organizerName', 'eventTypeLabel', 'eventDate', 'endTime', 'fullAddress', 'reason'],
    secretVariables: [],
  },
  {
    // The volunteer pressed «في الطريق»: the host learns their first name, never their phone.
    key: 'volunteerOnTheWay',
    name: 'volunteer_on_the_way',
    category: 'utility',
    language: 'ar',
    audience: 'customer',
    components: [
      { type: 'HEADER', text: 'المتطوع في الطريق إليكم' },
      {
        type: 'BODY',
        text:
          'مرحباً {{1}}،\n' +
          'متطوع الجمعية {{2}} في الطريق إليكم لاستلام فائض طعام طلبكم رقم #{{3}}.\n' +
          'يرجى تجهيز الطعام مغطى ومعبأ، وشكراً لمساهمتكم في حفظ النعمة.',
      },
      { type: 'FOOTER', text: OPT_OUT_FOOTER },
      { type: 'BUTTONS', text: HOST_PAGE_BUTTON, url: '/r/{{4}}' },
    ],
    placeholdersCount: 4,
    variables: ['organizerName', 'volunteerName', 'requestNumber', 'selfServiceToken'],
    secretVariables: ['selfServiceToken'],
  },
  {
    // A pickup the volunteer could not collect: every administrator at once, with the reason given.
    key: 'volunteerUpdate',
    name: 'volunteer_pickup_update',
    category: 'utility',
    language: 'ar',
    audience: 'admin',
    components: [
      { type: 'HEADER', text: 'تحديث من متطوع' },
      {
        type: 'BODY',
        text:
          'المتطوع {{1}} لم يستلم الطلب رقم #{{2}}.\n' +
          'المناسبة: {{3}}، {{4}}\n' +
          'الموقع: {{5}}\n' +
          'السبب: {{6}}\n' +
          'أُلغي الطلب، ويمكن مراجعته من لوحة التحكم.',
      },
      { type: 'FOOTER', text: ADMIN_FOOTER },
    ],
    placeholdersCount: 6,
    variables: ['volunteerName', 'requestNumber', 'eventTypeLabel', 'eventDate', 'place', 'reason'],
    secretVariables: [],
  },
  {
    // «رابط جديد»: the volunteer's own page, the link being the key (the old one answers 404 from now on).
    key: 'volunteerLink',
    name: 'volunteer_page_link',
    category: 'utility',
    language: 'ar',
    audience: 'customer',
    components: [
      { type: 'HEADER', text: 'صفحتك في الجمعية' },
      {
        type: 'BODY',
        text:
          'مرحباً {{1}}،\n' +
          'هذا رابط صفحتك لاستلامات الطعام: تظهر فيها الاستلامات المسندة إليك، ومنها تُبلغنا بأنك في الطريق وبما استلمته.\n' +
          'الرابط خاص بك فلا تشاركه، وأي رابط سابق لم يعد يعمل.',
      },
      { type: 'FOOTER', text: OPT_OUT_FOOTER },
      { type: 'BUTTONS', text: 'صفحتي', url: '/t/{{2}}' },
    ],
    placeholdersCount: 2,
    variables: ['volunteerName', 'volunteerToken'],
    // The token opens the volunteer's page and its actions: stored encrypted, masked in logs.
    secretVariables: ['volunteerToken'],
  },
  {
    // A pickup assigned to a volunteer from the desk or the pickups screen: all they need on the road.
    key: 'volunteerAssignment',
    name: 'volunteer_pickup_assignment',
    category: 'utility',
    language: 'ar',
    audience: 'customer',
    components: [
      { type: 'HEADER', text: 'استلام جديد مسند إليك' },
      {
        type: 'BODY',
        text:
          'مرحباً {{1}}،\n' +
          'أُسند إليك استلام فائض الطعام للطلب رقم #{{2}}.\n' +
          'المناسبة: {{3}}\n' +
          'التاريخ: {{4}}\n' +
          'آخر موعد للاستلام: {{5}}\n' +
          'الموقع: {{6}}\n' +
          'الخريطة: {{7}}\n' +
          'عدد الحضور: {{8}}\n' +
          'أنواع الطعام: {{9}}\n' +
          'صاحب المناسبة: {{10}}، جواله {{11}}\n' +
          'ملاحظاته: {{12}}\n' +
          'من صفحتك تُبلغنا بأنك في الطريق وبما استلمته.',
      },
      { type: 'FOOTER', text: OPT_OUT_FOOTER },
      { type: 'BUTTONS', text: 'صفحتي', url: '/t/{{13}}' },
    ],
    placeholdersCount: 13,
    variables: [
      'volunteerName',
      'requestNumber',
      'eventTypeLabel',
      'eventDate',
      'deadline',
      'place',
      'mapsUrl',
      'attendeeCount',
      'foodTypes',
      'hostName',
      'hostPhone',
      'hostNotes',
      'volunteerToken',
    ],
    secretVariables: ['volunteerToken'],
  },
  {
    // Re-assigned or unassigned: the previous volunteer need not drive out.
    key: 'volunteerUnassigned',
    name: 'volunteer_pickup_unassigned',
    category: 'utility',
    language: 'ar',
    audience: 'customer',
    components: [
      { type: 'HEADER', text: 'تغيير في استلاماتك' },
      {
        type: 'BODY',
        text: 'مرحباً {{1}}،\n' + 'لم يعد الطلب رقم #{{2}} ({{3}}، {{4}}) مسنداً إليك، فلا حاجة للذهاب إليه.\n' + 'شكراً لتعاونك.',
      },
      { type: 'FOOTER', text: OPT_OUT_FOOTER },
    ],
    placeholdersCount: 4,
    variables: ['volunteerName', 'requestNumber', 'eventTypeLabel', 'eventDate'],
    secretVariables: [],
  },
];

/** The seeded template of a key. */
export function templateSeed(key: TemplateKey): WhatsAppTemplateSeed {
  const found = WHATSAPP_TEMPLATES.find((t) => t.key === key);
  if (!found) throw new Error(`Unknown template key: ${key}`);
  return found;
}
