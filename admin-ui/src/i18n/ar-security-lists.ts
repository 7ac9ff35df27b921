/**
 * Arabic texts of the security tab's full lists (/admin/login-attempts, /admin/security-alerts,
 * /admin/emergency-codes) and of the tab's links to them: app.security_lists.*
 */
export const securityListsAr = {
  security_lists: {
    login_attempts: {
      title: 'سجل محاولات تسجيل الدخول',
      intro: 'كل محاولات الدخول إلى لوحة التحكم، الأحدث أولًا. ابحث باسم المستخدم أو عنوان الشبكة، أو صفِّ حسب النتيجة وسبب الفشل.',
      search: 'بحث باسم المستخدم أو عنوان الشبكة',
      result: 'النتيجة',
      reason: 'سبب الفشل',
      all: 'الكل',
      empty: 'لا توجد محاولات تطابق هذا البحث.',
      view_all: 'عرض كل المحاولات',
      latest: 'آخر 10 محاولات من أصل %{total}',
    },
    alerts: {
      title: 'التنبيهات الأمنية',
      intro: 'تنبيهات الدخول المشبوه وتجميد الحسابات والدخول الطارئ. تبدأ القائمة بالتنبيهات المفتوحة التي تنتظر المعالجة.',
      open: 'مفتوحة',
      resolved: 'معالَجة',
      all: 'الكل',
      state_label: 'حالة التنبيهات المعروضة',
      severity: 'الخطورة',
      type: 'نوع التنبيه',
      any: 'الكل',
      sort: 'الترتيب',
      newest: 'الأحدث أولًا',
      oldest: 'الأقدم أولًا',
      most_serious: 'الأخطر أولًا',
      empty_open: 'لا توجد تنبيهات مفتوحة. كل التنبيهات عولجت.',
      empty: 'لا توجد تنبيهات تطابق هذا الاختيار.',
      view_all: 'عرض كل التنبيهات',
      open_count:
        'لا توجد تنبيهات مفتوحة |||| تنبيه واحد مفتوح |||| تنبيهان مفتوحان |||| %{smart_count} تنبيهات مفتوحة |||| %{smart_count} تنبيهًا مفتوحًا |||| %{smart_count} تنبيه مفتوح',
      resolved_by: 'عولج %{date} بواسطة',
    },
    emergency_codes: {
      title: 'رموز الدخول الطارئ',
      status_filter: 'حالة الرمز',
      all: 'الكل',
      active: 'المفعّلة',
      inactive: 'الموقوفة',
      empty: 'لا توجد رموز بهذه الحالة.',
      view_all: 'عرض كل الرموز',
    },
  },
};
