// Yanbu areas, districts (villages for Yanbu al-Nakhl) and important places for the request form.
// Provenance: districts from the Saudi National Address (SPL) data as republished in the public dataset
// homaily/Saudi-Arabia-Regions-Cities-and-Districts, checked against an older SPL extract with coordinates
// (usefksa/Saudi_GIS_Data). The newer planned districts of Yanbu al-Bahr, listed by SPL without a location
// check, are seeded inactive so administrators can enable them. Important places are backed by news items
// and press releases; no commercial wedding hall's name could be verified, so the form keeps its free-text
// option and administrators add halls.
import type { ImportantPlaceGroup } from '../../../shared/labels';

export interface AreaSeed {
  value: string;
  name: string;
}

export interface DistrictSeed {
  value: string;
  name: string;
  areaValue: string;
  isActive: boolean;
}

export interface ImportantPlaceSeed {
  value: string;
  label: string;
  group: ImportantPlaceGroup;
  sortOrder: number;
  isActive: boolean;
}

export const AREAS: readonly AreaSeed[] = [
  { value: 'yanbu_industrial', name: 'مدينة ينبع الصناعية' },
  { value: 'yanbu_city', name: 'ينبع البحر' },
  { value: 'yanbu_nakhl', name: 'ينبع النخل' },
];

const district = (value: string, name: string, areaValue: string, isActive = true): DistrictSeed => ({
  value,
  name,
  areaValue,
  isActive,
});

export const DISTRICTS: readonly DistrictSeed[] = [
  // yanbu_industrial
  district('al_jabriyah', 'الجابرية', 'yanbu_industrial'),
  district('al_yasmin', 'الياسمين', 'yanbu_industrial'),
  district('al_zuhur', 'الزهور', 'yanbu_industrial'),
  district('al_muruj', 'المروج', 'yanbu_industrial'),
  district('al_mushayrif', 'المشيريف', 'yanbu_industrial'),
  district('al_oyoun', 'العيون', 'yanbu_industrial'),
  district('al_nakhil', 'النخيل', 'yanbu_industrial'),
  district('al_wurud', 'الورود', 'yanbu_industrial'),
  district('al_basatin', 'البساتين', 'yanbu_industrial'),
  district('al_aziziyah', 'العزيزية', 'yanbu_industrial'),
  district('al_mihan', 'المهن', 'yanbu_industrial'),
  district('al_nawah', 'النواة', 'yanbu_industrial'),
  district('radwa', 'رضوى', 'yanbu_industrial'),
  district('ayn_al_nawa', 'عين النوى', 'yanbu_industrial'),
  district('al_fahd', 'الفهد', 'yanbu_industrial'),
  district('al_sawari', 'الصواري', 'yanbu_industrial'),
  district('al_sumayri', 'السميري', 'yanbu_industrial'),
  district('al_faisal', 'الفيصل', 'yanbu_industrial'),
  district('al_khalid', 'الخالد', 'yanbu_industrial'),
  district('al_jar', 'الجار', 'yanbu_industrial'),
  district('al_bathnah', 'البثنة', 'yanbu_industrial'),
  district('al_subh', 'الصبح', 'yanbu_industrial'),
  district('al_nahdah', 'النهضة', 'yanbu_industrial'),
  district('al_rawdah', 'الروضة', 'yanbu_industrial'),
  district('al_naseem', 'النسيم', 'yanbu_industrial'),
  district('al_salmaniyah', 'السلمانية', 'yanbu_industrial'),
  district('light_industrial_park', 'منطقة الصناعات الخفيفة', 'yanbu_industrial'),
  district('industrial_area', 'المنطقة الصناعية', 'yanbu_industrial'),
  district('sea_front', 'الواجهة البحرية', 'yanbu_industrial'),
  // yanbu_city
  district('yanbu_al_balad', 'ينبع البلد', 'yanbu_city'),
  district('al_suraif', 'الصريف', 'yanbu_city'),
  district('al_sumayri', 'السميري', 'yanbu_city'),
  district('al_usayli', 'العصيلي', 'yanbu_city'),
  district('al_amarah', 'الإمارة', 'yanbu_city'),
  district('al_bandar', 'البندر', 'yanbu_city'),
  district('al_hawra', 'الحوراء', 'yanbu_city'),
  district('al_shati', 'الشاطئ', 'yanbu_city'),
  district('al_nuzhah', 'النزهة', 'yanbu_city'),
  district('al_salam', 'السلام', 'yanbu_city'),
  district('al_falah', 'الفلاح', 'yanbu_city'),
  district('al_nahdah', 'النهضة', 'yanbu_city'),
  district('al_zuhur', 'الزهور', 'yanbu_city'),
  district('al_hadaek', 'الحدائق', 'yanbu_city'),
  district('al_naseem', 'النسيم', 'yanbu_city'),
  district('al_rabwah', 'الربوة', 'yanbu_city'),
  district('mishrifah', 'مشرفة', 'yanbu_city'),
  district('al_jabriyah', 'الجابرية', 'yanbu_city'),
  district('al_buhayrah', 'البحيرة', 'yanbu_city'),
  district('al_wahah', 'الواحة', 'yanbu_city'),
  district('al_majd', 'المجد', 'yanbu_city'),
  district('al_rayyan', 'الريان', 'yanbu_city'),
  district('al_safa', 'الصفا', 'yanbu_city'),
  district('al_rabie', 'الربيع', 'yanbu_city'),
  district('al_murjan', 'المرجان', 'yanbu_city'),
  district('al_yaqut', 'الياقوت', 'yanbu_city'),
  district('al_luluah', 'اللؤلؤة', 'yanbu_city'),
  district('al_jamiah', 'الجامعة', 'yanbu_city'),
  district('al_haras_al_watani', 'الحرس الوطني', 'yanbu_city'),
  // yanbu_nakhl
  district('al_suwayq', 'السويق', 'yanbu_nakhl'),
  district('al_bathnah', 'البثنة', 'yanbu_nakhl'),
  district('khayf_husayn', 'خيف حسين', 'yanbu_nakhl'),
  district('al_yusayrah', 'اليسيرة', 'yanbu_nakhl'),
  district('suwayqah', 'سويقة', 'yanbu_nakhl'),
  district('khayf_fadil', 'خيف فاضل', 'yanbu_nakhl'),
  district('ayn_jadid', 'عين جديد', 'yanbu_nakhl'),
  district('ayn_al_harithiyah', 'عين الحارثية', 'yanbu_nakhl'),
  district('al_jabriyah', 'الجابرية', 'yanbu_nakhl'),
  district('al_alqamiyah', 'العلقمية', 'yanbu_nakhl'),
  district('al_mubarak', 'المبارك', 'yanbu_nakhl'),
  district('al_najil', 'النجيل', 'yanbu_nakhl'),
  district('al_baqqariyah', 'البقارية', 'yanbu_nakhl'),
  district('al_biqa', 'البقاع', 'yanbu_nakhl'),
  // Probable newer districts of Yanbu al-Bahr: inactive until an administrator enables them.
  district('al_rehab', 'الرحاب', 'yanbu_city', false),
  district('al_naim', 'النعيم', 'yanbu_city', false),
  district('al_izdihar', 'الازدهار', 'yanbu_city', false),
  district('al_doha', 'الدوحة', 'yanbu_city', false),
  district('al_masif', 'المصيف', 'yanbu_city', false),
  district('al_rimal', 'الرمال', 'yanbu_city', false),
  district('al_yarmuk', 'اليرموك', 'yanbu_city', false),
  district('al_urubah', 'العروبة', 'yanbu_city', false),
  district('al_dabab', 'الضباب', 'yanbu_city', false),
  district('al_manar', 'المنار', 'yanbu_city', false),
  district('al_mursi', 'المرسي', 'yanbu_city', false),
  district('al_khaleej', 'الخليج', 'yanbu_city', false),
  district('al_sholah', 'الشعلة', 'yanbu_city', false),
  district('al_talal', 'التلال', 'yanbu_city', false),
  district('qurtubah', 'قرطبة', 'yanbu_city', false),
  district('al_ferdous', 'الفردوس', 'yanbu_city', false),
  district('al_aqiq', 'العقيق', 'yanbu_city', false),
  district('ghirnatah', 'غرناطة', 'yanbu_city', false),
  district('al_dana', 'الدانة', 'yanbu_city', false),
  district('al_rabiyah', 'الرابية', 'yanbu_city', false),
  district('al_ghadir', 'الغدير', 'yanbu_city', false),
  district('al_shifa', 'الشفا', 'yanbu_city', false),
  district('al_rawabi', 'الروابي', 'yanbu_city', false),
  district('al_qadisiyah', 'القادسية', 'yanbu_city', false),
  district('al_fayha', 'الفيحاء', 'yanbu_city', false),
  district('al_marwah', 'المروة', 'yanbu_city', false),
];

const PLACES: ReadonlyArray<readonly [value: string, label: string, group: ImportantPlaceGroup]> = [
  ['wedding_king_fahd_civic_center', 'مركز الملك فهد الحضاري - ينبع الصناعية', 'wedding'],
  ['wedding_rc_events_park', 'حديقة المناسبات - ينبع الصناعية', 'wedding'],
  ['wedding_rc_cultural_center', 'المركز الثقافي بمدينة ينبع الصناعية', 'wedding'],
  ['hotel_radisson_blu_yanbu', 'فندق راديسون بلو ينبع', 'hotel'],
  ['hotel_ibis_yanbu', 'فندق إيبيس ينبع', 'hotel'],
  ['hotel_arac_yanbu_resort', 'منتجع أراك ينبع', 'hotel'],
  ['hotel_danat_yanbu', 'فندق دانات - ينبع', 'hotel'],
  ['hotel_al_duraiman_plaza', 'فندق الدريمان بلازا - ينبع', 'hotel'],
  ['company_royal_commission_yanbu', 'الهيئة الملكية بينبع', 'company'],
  ['company_aramco_yanbu_refinery', 'أرامكو السعودية - مصفاة ينبع', 'company'],
  ['company_samref', 'سامرف - مصفاة أرامكو السعودية موبيل', 'company'],
  ['company_yasref', 'ياسرف - شركة ينبع أرامكو سينوبك للتكرير', 'company'],
  ['company_luberef_yanbu', 'لوبريف - أرامكو السعودية لزيوت الأساس (ينبع)', 'company'],
  ['company_yanpet', 'ينبت - شركة ينبع السعودية للبتروكيماويات (سابك)', 'company'],
  ['company_yansab', 'ينساب - شركة ينبع الوطنية للبتروكيماويات (سابك)', 'company'],
  ['company_ibn_rushd', 'ابن رشد - الشركة العربية للألياف الصناعية (سابك)', 'company'],
  ['company_gas_yanbu', 'الشركة الوطنية للغازات الصناعية (غاز) - ينبع', 'company'],
  ['company_marafiq_yanbu', 'مرافق - ينبع', 'company'],
  ['company_king_fahd_industrial_port', 'ميناء الملك فهد الصناعي بينبع', 'company'],
  ['company_yanbu_commercial_port', 'ميناء ينبع التجاري', 'company'],
  ['company_yanbu_cement', 'أسمنت ينبع', 'company'],
  ['commercial_lulu_yanbu', 'لولو هايبرماركت - ينبع الصناعية (حي الفهد)', 'commercial'],
  ['commercial_yanbu_mall', 'ينبع مول', 'commercial'],
  ['commercial_dana_mall', 'دانة مول', 'commercial'],
  ['commercial_souq_al_lail', 'سوق الليل - ينبع البلد', 'commercial'],
  ['commercial_panda_king_fahd_road', 'بنده - طريق الملك فهد، ينبع', 'commercial'],
];

/** Important places in display order (weddings, hotels, companies, commercial centres), each with its stored group. */
export const IMPORTANT_PLACES: readonly ImportantPlaceSeed[] = PLACES.map(([value, label, group], index) => ({
  value,
  label,
  group,
  sortOrder: index + 1,
  isActive: true,
}));
