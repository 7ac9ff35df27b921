/**
 * The admin's texts the login needs (its steps, the errors they show, the charity's name): a catalogue
 * of its own so that the light login page (login.html) carries these and not the whole admin's. ar.ts
 * spreads it into `app`, so react-admin's translate finds the same keys.
 */
export const loginAr = {
  name: 'جمعية حفظ النعمة بينبع',

  errors: {
    network: 'تعذّر الاتصال بالخادم. تحقّق من اتصالك بالشبكة ثم حاول مرة أخرى.',
    server: 'خطأ في الخادم: %{status}. حاول مرة أخرى بعد قليل.',
    connection_unexpected: 'خطأ في الاتصال بالخادم: وصلت استجابة غير متوقعة. حاول مرة أخرى بعد قليل.',
    unexpected_response: 'وصلت استجابة غير متوقعة من الخادم.',
  },

  /** The API client's own words (providers/httpClient.ts), put after a status or between messages. */
  http: {
    server: 'خطأ في الخادم',
    network: 'تعذّر الاتصال بالخادم',
    unexpected: 'وصلت استجابة غير متوقعة من الخادم',
    list_separator: '، ',
  },

  auth: {
    session_expired: 'انتهت صلاحية الجلسة',
    session_expired_hint: 'انتهت صلاحية جلستك لحمايتك. يرجى تسجيل الدخول مجددًا.',
    session_rejected_hint: 'لم يقبل الخادم جلستك الحالية. يرجى تسجيل الدخول مجددًا.',
  },

  login: {
    title: 'تسجيل دخول المشرفين',
    subtitle: 'لوحة إدارة طلبات استلام فائض الطعام',
    username: 'اسم المستخدم',
    password: 'كلمة المرور',
    username_required: 'يرجى إدخال اسم المستخدم',
    password_required: 'يرجى إدخال كلمة المرور',
    submit: 'تسجيل الدخول',
    submitting: 'جارٍ تسجيل الدخول…',
    forgot_password: 'نسيت كلمة المرور؟',
    emergency: 'الدخول الطارئ',
    failed: 'تعذّر تسجيل الدخول. تحقّق من اسم المستخدم وكلمة المرور ثم حاول مرة أخرى.',
  },

  verify: {
    title: 'رمز التحقق',
    instructions: 'أرسلنا رمزًا من 6 أرقام عبر واتساب إلى أرقام المشرفين المسجلة. أدخله لإكمال الدخول.',
    code: 'رمز التحقق',
    code_hint: '6 أرقام',
    submit: 'تأكيد الدخول',
    submitting: 'جارٍ التحقق…',
    back: 'الرجوع إلى تسجيل الدخول',
    failed: 'رمز التحقق غير صحيح أو انتهت صلاحيته.',
    signed_in_as: 'الدخول باسم:',
  },

  emergency: {
    title: 'الدخول الطارئ',
    description: 'يُستخدم عند تعذّر استلام رمز التحقق: تُدخل رمز الطوارئ، ثم تجيب عن سؤال الأمان إن كان الرمز مفعّلًا.',
    notice: 'تُمنح جلسة طارئة مدتها ساعة واحدة، ويُبلَّغ جميع المشرفين بها.',
    back: 'الرجوع إلى تسجيل الدخول',
    master_code: 'رمز الطوارئ',
    master_code_required: 'يرجى إدخال رمز الطوارئ',
    next: 'متابعة',
    checking: 'جارٍ التحقق…',
    question: 'سؤال الأمان',
    answer: 'إجابة سؤال الأمان',
    answer_required: 'يرجى إدخال إجابة سؤال الأمان',
    submit: 'الدخول',
    submitting: 'جارٍ الدخول…',
    back_to_code: 'الرجوع إلى رمز الطوارئ',
    not_active: 'رمز الطوارئ غير مفعّل حاليًا',
    check_failed: 'فشل في التحقق من رمز الطوارئ',
    access_failed: 'فشل في الدخول عبر رمز الطوارئ',
    granted: 'تم الدخول الطارئ، والجلسة صالحة لمدة ساعة واحدة',
  },
};

/** react-admin's password field's button, which the login's own field uses too. */
export const passwordToggleAr = {
  toggle_visible: 'إخفاء كلمة المرور',
  toggle_hidden: 'إظهار كلمة المرور',
};

/** What every spinner says to a screen reader (the theme's default label). */
export const PAGE_LOADING = 'جارٍ التحميل';

/** The toasts' region and close button (components/ToastRegion.tsx, in the admin and the light login). */
export const toastAr = {
  region: 'التنبيهات',
  close: 'إغلاق التنبيه',
};
