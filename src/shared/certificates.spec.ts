import { describe, expect, it } from '@jest/globals';
import {
  certificateLines,
  checkPlaceCertificate,
  foodBasisText,
  mealsOf,
  PLACE_CERTIFICATE_MESSAGES,
  type PlaceCertificateFigures,
  type RequestCertificateFigures,
} from './certificates';

const request: RequestCertificateFigures = {
  kind: 'request',
  charityName: 'جمعية حفظ النعمة بينبع',
  requestId: 1024,
  hostName: 'فندق الشاطئ',
  eventTypeLabel: 'حفل زواج',
  eventDate: '2025-11-05',
  attendeeCount: 150,
  placeLabel: 'قاعة الياسمين',
  foodKg: 75,
  basis: 'estimated',
  rule: { method: 'formula', multiplier: 0.5, manualAmount: 0 },
  meals: 178,
  kgPerMeal: 0.42,
};

const place: PlaceCertificateFigures = {
  kind: 'place',
  charityName: 'جمعية حفظ النعمة بينبع',
  place: 'wedding_yasmin',
  placeLabel: 'قاعة الياسمين',
  from: '2025-01-01',
  to: '2025-03-31',
  collections: 3,
  foodKg: 130.5,
  weighedKg: 70.5,
  weighedCount: 2,
  estimatedKg: 60,
  estimatedCount: 1,
  rule: { method: 'manual', multiplier: 0.5, manualAmount: 60 },
  meals: 310,
  kgPerMeal: 0.42,
};

describe('certificate figures as text', () => {
  it('says whether the food was weighed or estimated, with the rule an estimate used', () => {
    expect(foodBasisText(request)).toBe('تقدير حسب إعدادات الجمعية: 150 شخص × 0.5 كجم للشخص');
    expect(foodBasisText({ ...request, basis: 'weighed', rule: null })).toBe('وزن فعلي سجّلته الجمعية عند الاستلام');
    expect(foodBasisText(place)).toBe(
      '70.5 كجم موزونة عند الاستلام (2 عملية)، و60 كجم تقديرية (1 عملية؛ تقدير ثابت حسب إعدادات الجمعية: 60 كجم لكل عملية استلام)',
    );
    expect(foodBasisText({ ...place, estimatedCount: 0, estimatedKg: 0, rule: null })).toBe('70.5 كجم موزونة عند الاستلام (2 عملية)');
  });

  it("lists a request's lines: host, event at its place, both calendars, kilograms labelled, meals as an estimate", () => {
    const lines = Object.fromEntries(certificateLines(request).map((l) => [l.label, l.value]));
    expect(lines).toMatchObject({
      'صاحب المناسبة': 'فندق الشاطئ',
      المناسبة: 'حفل زواج في قاعة الياسمين',
      'تاريخ المناسبة': '5 نوفمبر 2025م (14 جمادى الأولى 1447هـ)',
      'الطعام المحفوظ': '75 كجم (تقديري)',
      'الوجبات (تقديري)': '178 وجبة (الكيلوجرامات ÷ 0.42)',
      'رقم الطلب': '#1024',
    });
    const placeLines = Object.fromEntries(certificateLines(place).map((l) => [l.label, l.value]));
    expect(placeLines['الطعام المحفوظ']).toBe('130.5 كجم (موزون وتقديري)');
    expect(placeLines['عمليات الاستلام المكتملة']).toBe('3');
  });

  it('counts meals as every figure of the site does (kg / 0.42, rounded down)', () => {
    expect(mealsOf(0.42)).toBe(1);
    expect(mealsOf(84.5)).toBe(201);
    expect(mealsOf(-3)).toBe(0);
  });
});

describe('checkPlaceCertificate', () => {
  it('needs a place and a period of real dates, in order, of at most two years', () => {
    expect(checkPlaceCertificate({ place: ' wedding_yasmin ', from: '2025-01-01', to: '2025-03-31' })).toEqual({
      value: { place: 'wedding_yasmin', from: '2025-01-01', to: '2025-03-31' },
    });
    expect(checkPlaceCertificate({ from: '2025-01-01', to: '2025-03-31' })).toEqual({
      errors: { place: PLACE_CERTIFICATE_MESSAGES.place },
    });
    expect(checkPlaceCertificate({ place: 'x', from: '2025-02-30', to: '2025-03-31' })).toEqual({
      errors: { from: PLACE_CERTIFICATE_MESSAGES.from },
    });
    expect(checkPlaceCertificate({ place: 'x', from: '2025-03-31', to: '2025-01-01' })).toEqual({
      errors: { to: PLACE_CERTIFICATE_MESSAGES.to },
    });
    expect(checkPlaceCertificate({ place: 'x', from: '2020-01-01', to: '2025-01-01' })).toEqual({
      errors: { to: PLACE_CERTIFICATE_MESSAGES.span },
    });
  });
});
