/** The content screen's groups and the Arabic label of each key; keys not listed appear under "أخرى". */
export const CONTENT_GROUPS: ReadonlyArray<{ title: string; fields: ReadonlyArray<{ key: string; label: string; multiline?: boolean }> }> =
  [
    {
      title: 'الواجهة الرئيسية',
      fields: [
        { key: 'site_title', label: 'عنوان الموقع' },
        { key: 'site_slogan', label: 'شعار الموقع' },
        { key: 'hero_verse', label: 'الآية في أعلى الصفحة', multiline: true },
        { key: 'hero_title', label: 'العنوان الرئيسي' },
        { key: 'hero_subtitle', label: 'العنوان الفرعي', multiline: true },
        { key: 'cta_button_text', label: 'نص زر الطلب' },
        { key: 'form_title', label: 'عنوان النموذج' },
        { key: 'form_description', label: 'وصف النموذج', multiline: true },
      ],
    },
    {
      title: 'ساعات العمل',
      fields: [
        { key: 'working_hours_title', label: 'عنوان ساعات العمل' },
        { key: 'working_hours_weekdays', label: 'أيام الأسبوع' },
        { key: 'working_hours_friday', label: 'يوم الجمعة' },
        { key: 'working_hours_note', label: 'ملاحظة', multiline: true },
      ],
    },
    {
      title: 'التواصل',
      fields: [
        { key: 'contact_phone', label: 'رقم الهاتف' },
        { key: 'contact_email', label: 'البريد الإلكتروني' },
        { key: 'contact_address', label: 'العنوان', multiline: true },
      ],
    },
    {
      title: 'بيانات الجمعية',
      fields: [
        { key: 'charity_name', label: 'اسم الجمعية' },
        { key: 'license_number', label: 'رقم الترخيص' },
        { key: 'registration_title', label: 'عنوان التسجيل' },
        { key: 'registration_date', label: 'تاريخ التسجيل' },
        { key: 'government_entity', label: 'الجهة الحكومية' },
        { key: 'footer_text', label: 'نص التذييل', multiline: true },
      ],
    },
    {
      title: 'أرقام صفحة من نحن',
      fields: [
        { key: 'about_founded_year', label: 'سنة التأسيس' },
        { key: 'about_meals', label: 'عدد الوجبات (أكثر من)' },
        { key: 'about_families', label: 'عدد الأسر المستفيدة (أكثر من)' },
        { key: 'about_events', label: 'عدد المناسبات (أكثر من)' },
        { key: 'about_volunteers', label: 'عدد المتطوعين' },
      ],
    },
  ];

export const LISTED_KEYS = new Set(CONTENT_GROUPS.flatMap((g) => g.fields.map((f) => f.key)));
