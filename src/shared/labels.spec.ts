import { describe, it, expect } from '@jest/globals';
import {
  ACTIVE_STATUSES,
  compareRequestStatus,
  DEFAULT_INQUIRY_SUBJECT,
  DEFAULT_INQUIRY_TYPE,
  EVENT_TYPE_LABELS,
  EVENT_TYPE_VALUES,
  eventTypeLabel,
  IMPORTANT_PLACE_GROUP_LABELS,
  IMPORTANT_PLACE_GROUPS,
  INQUIRY_KEYWORD_RULES,
  INQUIRY_SUBJECTS,
  INQUIRY_TYPES,
  isActiveStatus,
  isImportantPlaceGroup,
  isInquirySubject,
  isInquiryType,
  isLocationType,
  isRequestStatus,
  placeGroupOf,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  requestStatusLabel,
  type RequestStatus,
} from './labels';

describe('request statuses', () => {
  it('has the five statuses with their Arabic labels', () => {
    expect(REQUEST_STATUS_LABELS).toEqual({
      received: 'تم الاستلام',
      reviewing: 'قيد المراجعة',
      confirmed: 'مؤكد للاستلام',
      completed: 'مكتمل',
      cancelled: 'ملغي',
    });
  });

  it('sorts received < reviewing < confirmed < completed < cancelled', () => {
    const shuffled: RequestStatus[] = ['cancelled', 'completed', 'received', 'confirmed', 'reviewing'];
    expect([...shuffled].sort(compareRequestStatus)).toEqual([...REQUEST_STATUSES]);
  });

  it('knows which statuses are active', () => {
    expect(ACTIVE_STATUSES).toEqual(['received', 'reviewing', 'confirmed']);
    expect(isActiveStatus('reviewing')).toBe(true);
    expect(isActiveStatus('completed')).toBe(false);
    expect(isActiveStatus('cancelled')).toBe(false);
  });

  it('validates and labels status values', () => {
    expect(isRequestStatus('confirmed')).toBe(true);
    expect(isRequestStatus('done')).toBe(false);
    expect(requestStatusLabel('completed')).toBe('مكتمل');
    expect(requestStatusLabel('unknown')).toBe('unknown');
  });
});

describe('event types', () => {
  it('labels every event type in Arabic', () => {
    expect(EVENT_TYPE_VALUES).toHaveLength(8);
    for (const value of EVENT_TYPE_VALUES) expect(EVENT_TYPE_LABELS[value]).toMatch(/[\u0600-\u06ff]/);
    expect(eventTypeLabel('wedding')).toBe('حفل زواج');
    expect(eventTypeLabel('custom_admin_type')).toBe('custom_admin_type');
  });
});

describe('locations', () => {
  it('validates location types', () => {
    expect(isLocationType('custom')).toBe(true);
    expect(isLocationType('important_place')).toBe(true);
    expect(isLocationType('gps')).toBe(false);
  });

  it('names the five stored place groups and reads an unknown one as «أماكن أخرى»', () => {
    expect(IMPORTANT_PLACE_GROUPS.map((g) => IMPORTANT_PLACE_GROUP_LABELS[g])).toEqual([
      'قاعات الأفراح والمناسبات',
      'الفنادق',
      'الشركات والجهات',
      'المراكز التجارية',
      'أماكن أخرى',
    ]);
    expect(isImportantPlaceGroup('hotel')).toBe(true);
    expect(isImportantPlaceGroup('wedding_')).toBe(false);
    expect(placeGroupOf('company')).toBe('company');
    expect(placeGroupOf(null)).toBe('other');
    expect(placeGroupOf('hall')).toBe('other');
  });
});

describe('quick-message inquiry values', () => {
  it('uses the exact stored Arabic strings', () => {
    expect(INQUIRY_TYPES).toEqual([
      'استفسار عن خدمات الجمعية',
      'متابعة طلب سابق',
      'الاستفسار عن التطوع',
      'الاستفسار عن التبرعات',
      'تقديم اقتراح',
      'استفسار عام',
    ]);
    expect(INQUIRY_SUBJECTS).toEqual(['خدمات الجمعية', 'طلبات الطعام', 'الأنشطة الخيرية', 'التطوع', 'التبرعات', 'أخرى']);
    expect(DEFAULT_INQUIRY_TYPE).toBe('استفسار عام');
    expect(DEFAULT_INQUIRY_SUBJECT).toBe('أخرى');
  });

  it('maps keyword rules only to valid values', () => {
    for (const rule of INQUIRY_KEYWORD_RULES) {
      expect(isInquiryType(rule.inquiryType)).toBe(true);
      expect(isInquirySubject(rule.inquirySubject)).toBe(true);
    }
    expect(isInquiryType('تقديم اقتراح')).toBe(true);
    expect(isInquirySubject('الأنشطة الخيرية')).toBe(true);
    expect(isInquiryType('other')).toBe(false);
  });
});
