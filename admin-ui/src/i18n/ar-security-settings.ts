/** Arabic texts of the security tab's settings form (app.security_settings.*). */
export const securitySettingsAr = {
  security_settings: {
    title: 'إعدادات الأمان',
    intro: 'تسري على كل حسابات لوحة التحكم. كل تغيير يُسجَّل ويصل تنبيه به إلى أرقام المسؤولين على واتساب.',
    countries: 'الدول المسموح بالدخول منها',
    countries_help: 'يُرفض تسجيل الدخول من دولة خارج القائمة. ابحث باسم الدولة أو رمزها. الشبكات المحلية مسموحة دائمًا.',
    countries_placeholder: 'أضف دولة',
    no_countries: 'لا توجد دولة بهذا الاسم',
    geo_alert: 'تنبيه عند الدخول من دولة لم يُدخل منها من قبل',
    max_failed: 'المحاولات الفاشلة قبل تجميد الحساب',
    max_failed_help: 'من %{min} إلى %{max} محاولات متتالية بكلمة مرور خاطئة',
    freeze_minutes: 'مدة التجميد بالدقائق',
    freeze_minutes_help: 'من %{min} إلى %{max} دقيقة (يوم كامل)',
    save: 'حفظ إعدادات الأمان',
    saving: 'جارٍ الحفظ…',
    save_failed: 'تعذّر حفظ إعدادات الأمان',
    fix_fields: 'راجع الحقول المحددة ثم احفظ',
  },
};
