// Default system_settings rows and the default food calculation row.
import { FOOD_CALCULATION_METHOD_DEFAULT, FOOD_FORMULA_MULTIPLIER_DEFAULT } from '../../../shared/constants';

export interface SystemSettingSeed {
  key: string;
  value: string;
  description: string;
}

/** System settings for a first seed; admin_verification_required comes from ADMIN_VERIFICATION_REQUIRED. */
export function systemSettingsDefaults(opts: { verificationRequired: boolean }): SystemSettingSeed[] {
  return [
    { key: 'site_blocked', value: 'false', description: 'إيقاف الموقع العام مؤقتاً للصيانة (true أو false)' },
    { key: 'site_block_reason', value: '', description: 'سبب إيقاف الموقع الذي يظهر للزوار أثناء الصيانة' },
    {
      key: 'admin_verification_required',
      value: opts.verificationRequired ? 'true' : 'false',
      description: 'طلب رمز تحقق عبر واتساب عند دخول المشرفين (false لإيقافه)',
    },
    {
      key: 'whatsapp_use_templates',
      value: 'true',
      description: 'إرسال رسائل واتساب باستخدام القوالب المعتمدة',
    },
    // Empty until the administrators set the real website and phones from the auto-reply card (no
    // invented number ever reaches a customer).
    { key: 'auto_reply_website', value: '', description: 'رابط الموقع في الرد التلقائي (فارغ: عنوان الموقع من PUBLIC_BASE_URL)' },
    { key: 'auto_reply_hours', value: 'على مدار أيام الأسبوع', description: 'أوقات استقبال الطلبات في الرد التلقائي' },
    { key: 'auto_reply_area', value: 'ينبع ومراكزها', description: 'نطاق الخدمة في الرد التلقائي' },
    { key: 'auto_reply_phone1', value: '', description: 'رقم التواصل الأول في الرد التلقائي' },
    { key: 'auto_reply_phone2', value: '', description: 'رقم التواصل الثاني في الرد التلقائي' },
  ];
}

/** Defaults with verification on (the seed runner passes the environment's choice instead). */
export const SYSTEM_SETTINGS: readonly SystemSettingSeed[] = systemSettingsDefaults({ verificationRequired: true });

export { AUTO_REPLY_SETTING_KEYS } from '../../../modules/system/system-settings.service';

export interface FoodCalculationSeed {
  calculationMethod: 'formula' | 'manual';
  formulaMultiplier: number;
  manualAmount: number | null;
  isActive: boolean;
  description: string;
}

export const FOOD_CALCULATION_DEFAULT: FoodCalculationSeed = {
  calculationMethod: FOOD_CALCULATION_METHOD_DEFAULT,
  formulaMultiplier: FOOD_FORMULA_MULTIPLIER_DEFAULT,
  manualAmount: null,
  isActive: true,
  description: 'حساب كمية الطعام المحفوظ',
};
