// Default content_settings rows. The contact phone, e-mail and licence number start empty (the site
// says «غير متاح» until the administrators enter the charity's real ones): a visitor never sees an
// invented number or an example address.

import { ABOUT_CLAIMS, CONTENT_KEYS, type ContentKey } from '../../../shared/content-keys';

export { CONTENT_KEYS, type ContentKey };

export interface ContentSeed {
  key: ContentKey;
  value: string;
  type: 'text';
}

/** The spec's figure for an about-page key, as text. */
function aboutDefault(key: ContentKey): string {
  return String(ABOUT_CLAIMS.find((claim) => claim.key === key)?.fallback ?? '');
}

const DEFAULTS: Readonly<Record<ContentKey, string>> = {
  site_title: 'جمعية حفظ النعمة بينبع',
  site_slogan: 'نحفظ فائض مناسباتكم ونوصله لمن يستحقه',
  hero_verse: '«وَيُطْعِمُونَ الطَّعَامَ عَلَىٰ حُبِّهِ مِسْكِينًا وَيَتِيمًا وَأَسِيرًا» (الإنسان: 8)',
  hero_title: 'فائض مناسبتك نعمة لأسرة محتاجة',
  hero_subtitle: 'نستلم فائض الطعام من حفلات الزواج والمناسبات والفعاليات في ينبع، ونعيد تجهيزه وتغليفه بعناية ليصل إلى الأسر المستحقة.',
  cta_button_text: 'اطلب استلام الفائض',
  form_title: 'طلب استلام فائض الطعام',
  form_description: 'أدخل بيانات مناسبتك وموقعها، وسيتواصل معك فريقنا خلال ساعتين لتأكيد موعد الاستلام. الخدمة مجانية بالكامل.',
  working_hours_title: 'أوقات العمل',
  working_hours_weekdays: 'السبت - الخميس: 8:00 ص - 8:00 م',
  working_hours_friday: 'الجمعة: 2:00 م - 8:00 م',
  working_hours_note: 'يسعدنا استقبال طلباتكم عبر الموقع في أي وقت، ونرجو إرسال الطلب قبل انتهاء المناسبة بساعة على الأقل.',
  contact_phone: '',
  contact_email: '',
  contact_address: 'ينبع، منطقة المدينة المنورة، المملكة العربية السعودية',
  charity_name: 'جمعية حفظ النعمة بينبع',
  license_number: '',
  registration_date: '1445هـ - 2024م',
  registration_title: 'جمعية أهلية مسجلة لدى المركز الوطني لتنمية القطاع غير الربحي',
  government_entity: 'المركز الوطني لتنمية القطاع غير الربحي',
  footer_text: 'جميع الحقوق محفوظة لجمعية حفظ النعمة بينبع',
  about_founded_year: aboutDefault('about_founded_year'),
  about_meals: aboutDefault('about_meals'),
  about_families: aboutDefault('about_families'),
  about_events: aboutDefault('about_events'),
  about_volunteers: aboutDefault('about_volunteers'),
};

export const CONTENT_DEFAULTS: readonly ContentSeed[] = CONTENT_KEYS.map((key) => ({
  key,
  value: DEFAULTS[key],
  type: 'text',
}));
