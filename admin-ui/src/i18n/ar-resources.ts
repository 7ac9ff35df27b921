import { stickersGovernanceFieldsAr } from './ar-stickers-governance';
import { volunteersFieldsAr } from './ar-volunteers';

/**
 * The Arabic name of every react-admin resource (`resources.<name>.name`), which react-admin puts into
 * its own sentences: «لا توجد نتائج في «الطلبات»», «لا توجد بيانات في «تقارير الأثر» بعد.», page titles.
 * Without one it would use the resource's English name ("Requests", "Impact-reports").
 *
 * react-admin asks with smart_count 1 for one item and 2 for the list; polyglot's Arabic rule picks one of
 * six forms (0 | 1 | 2 | 3–10 | 11–99 | 100+), so each name has all six: the singular for one, the
 * list's name for the rest. `resources.spec.ts` checks that every <Resource> of App.tsx has one.
 */
const name = (one: string, list: string) => ({ name: [list, one, list, list, list, list].join(' |||| ') });

export const resourcesAr = {
  requests: name('طلب', 'الطلبات'),
  'quick-messages': name('رسالة سريعة', 'الرسائل السريعة'),
  'impact-reports': name('تقرير أثر', 'تقارير الأثر'),
  'login-attempts': name('محاولة دخول', 'محاولات تسجيل الدخول'),
  'security-alerts': name('تنبيه أمني', 'التنبيهات الأمنية'),
  'emergency-codes': name('رمز دخول طارئ', 'رموز الدخول الطارئ'),
  'deleted-requests': name('طلب محذوف', 'أرشيف الطلبات المحذوفة'),
  certificates: name('شهادة شكر', 'شهادات الشكر'),
  stickers: { ...name('ملصق', 'الملصقات'), fields: stickersGovernanceFieldsAr.stickers },
  'governance-cards': { ...name('بطاقة حوكمة', 'بطاقات الحوكمة'), fields: stickersGovernanceFieldsAr['governance-cards'] },
  volunteers: { ...name('متطوع', 'المتطوعون'), fields: volunteersFieldsAr },
};
