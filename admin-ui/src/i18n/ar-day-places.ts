/**
 * Arabic texts added with the places, phones, quick-message and menu work: app.quick_message_answers.*
 * (the answered state, its filter and linking a message to a request) and app.security_menu.* (the side
 * menu's security group).
 */
export const dayPlacesAr = {
  quick_message_answers: {
    filter: 'حالة الرد',
    unanswered: 'لم يُرد عليها',
    answered: 'تم الرد',
    all: 'الكل',
    stat_unanswered: 'لم يُرد عليها',
    chip_answered: 'تم الرد',
    chip_unanswered: 'لم يُرد عليها',
    mark_answered: 'تحديد كمُجاب عنها',
    mark_unanswered: 'إعادة إلى «لم يُرد عليها»',
    change_failed: 'فشل في تحديث الرسالة',
    link: 'ربط بطلب',
    change_link: 'تغيير الطلب',
    unlink: 'إلغاء الربط',
    link_title: 'ربط الرسالة بطلب',
    request_number: 'رقم الطلب',
    request_number_hint: 'رقم الطلب كما يظهر في صفحة الطلبات، مثل 1024',
    request_number_invalid: 'اكتب رقم الطلب بالأرقام',
    link_submit: 'ربط',
    linking: 'جارٍ الربط…',
    link_failed: 'فشل في ربط الرسالة بالطلب',
    open_request: 'فتح الطلب رقم %{id} في صفحة الطلبات',
    none_unanswered: 'لا توجد رسائل تنتظر الرد. أُجيب عن كل الرسائل.',
    show_all: 'عرض كل الرسائل',
  },
  security_menu: {
    section: 'الأمان',
    login_attempts: 'محاولات الدخول',
    security_alerts: 'التنبيهات الأمنية',
    emergency_codes: 'رموز الدخول الطارئ',
  },
};
