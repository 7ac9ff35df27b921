// Default content_settings rows. Administrators replace the contact phone, e-mail, licence number and
// registration details with the charity's real ones from the content screen; these are neutral placeholders.

export const CONTENT_KEYS = [
  'site_title',
  'site_slogan',
  'hero_verse',
  'hero_title',
  'hero_subtitle',
  'cta_button_text',
  'form_title',
  'form_description',
  'working_hours_title',
  'working_hours_weekdays',
  'working_hours_friday',
  'working_hours_note',
  'contact_phone',
  'contact_email',
  'contact_address',
  'charity_name',
  'license_number',
  'registration_date',
  'registration_title',
  'government_entity',
  'footer_text',
] as const;
export type ContentKey = (typeof CONTENT_KEYS)[number];

export interface ContentSeed {
  key: ContentKey;
  value: string;
  type: 'text';
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
  // Placeholder: administrators set the real phone.
  contact_phone: '0551234567',
  // Placeholder on a reserved example domain: administrators set the real address.
  contact_email: 'info@example.org',
  contact_address: 'ينبع، منطقة المدينة المنورة، المملكة العربية السعودية',
  charity_name: 'جمعية حفظ النعمة بينبع',
  // Placeholder: administrators set the real licence number and registration date.
  license_number: '1234',
  registration_date: '1445هـ - 2024م',
  registration_title: 'جمعية أهلية مسجلة لدى المركز الوطني لتنمية القطاع غير الربحي',
  government_entity: 'المركز الوطني لتنمية القطاع غير الربحي',
  footer_text: 'جميع الحقوق محفوظة لجمعية حفظ النعمة بينبع',
};

export const CONTENT_DEFAULTS: readonly ContentSeed[] = CONTENT_KEYS.map((key) => ({
  key,
  value: DEFAULTS[key],
  type: 'text',
}));
