import { describe, expect, it } from '@jest/globals';
import { EMPTY_FORM, OTHER_VENUE, VALIDATION, type PinnedLocation, type RequestFormValues } from './form-state';
import { firstErrorField, missingFieldErrors, serverFieldErrors, toRequestPayload } from './submit';

const lookups = {
  areas: [{ value: 'yanbu_city', name: 'ينبع' }],
  districts: [{ id: 1, value: 'al_sumairi', name: 'السميري', areaValue: 'yanbu_city' }],
  places: [{ value: 'hall_1', label: 'قاعة الريم' }],
};
const client = { consentText: 'أوافق', hostname: 'example.test', userAgent: 'jest' };
const filled: RequestFormValues = {
  ...EMPTY_FORM,
  eventType: 'wedding',
  attendeeCount: '١٢٠',
  eventDate: '2026-12-01',
  endTime: '٢٢.٣٠',
  locationType: 'custom',
  area: 'yanbu_city',
  district: 'al_sumairi',
  buildingNumber: ' 12 ',
  street: ' شارع الملك ',
  landmarks: ' بجوار المسجد ',
  organizerName: ' محمد ',
  organizerPhone: '+966 55 123 4567',
  organizerEmail: ' ',
  foodTypes: ['rice_meat'],
  termsAccepted: true,
  whatsappOptIn: true,
};

describe('the request form’s payload', () => {
  it('sends a typed address normalised: Western digits, 24-hour time, a local phone, trimmed text', () => {
    const payload = toRequestPayload(filled, null, lookups, client);
    expect(payload).toMatchObject({
      attendeeCount: 120,
      endTime: '22:30',
      locationType: 'custom',
      area: 'yanbu_city',
      district: 'al_sumairi',
      buildingNumber: '12',
      street: 'شارع الملك',
      landmarks: 'بجوار المسجد',
      organizerName: 'محمد',
      organizerPhone: '0551234567',
      organizerEmail: null,
      importantPlace: '',
      consentText: 'أوافق',
    });
    expect(payload.fullAddress).toContain('السميري');
    expect(payload).not.toHaveProperty('latitude');
  });

  it('sends only the venue for an important place, the typed name for «another venue»', () => {
    const venue = toRequestPayload({ ...filled, locationType: 'important_place', importantPlace: 'hall_1' }, null, lookups, client);
    expect(venue).toMatchObject({ locationType: 'important_place', importantPlace: 'hall_1', area: '', district: '', buildingNumber: '' });
    expect(venue).not.toHaveProperty('street');
    const other = toRequestPayload(
      { ...filled, locationType: 'important_place', importantPlace: OTHER_VENUE, importantPlaceText: ' قاعة جديدة ' },
      null,
      lookups,
      client,
    );
    expect(other.importantPlace).toBe('قاعة جديدة');
  });

  it('sends a pinned point with its coordinates and the GPS phrase, and no typed address', () => {
    const pinned: PinnedLocation = {
      source: 'gps',
      latitude: 24.0891234567,
      longitude: 38.0637654321,
      accuracy: 8,
      address: 'حي الصريف، ينبع',
      mapLink: '',
      resolved: true,
    };
    const payload = toRequestPayload({ ...filled, landmarks: '' }, pinned, lookups, client);
    expect(payload).toMatchObject({
      locationType: 'custom',
      area: '',
      district: '',
      buildingNumber: '',
      latitude: 24.0891235,
      longitude: 38.0637654,
    });
    expect(payload.landmarks).toBe('الموقع الحالي: حي الصريف، ينبع');
    expect(payload).not.toHaveProperty('street');
  });

  it('sends a GPS point neither geocoder named by its coordinates, the address being the GPS phrase', () => {
    const pinned: PinnedLocation = {
      source: 'gps',
      latitude: 24.1,
      longitude: 38.05,
      accuracy: 30,
      address: '24.100000, 38.050000',
      mapLink: 'https://www.google.com/maps?q=24.100000,38.050000&z=19',
      resolved: false,
    };
    const payload = toRequestPayload({ ...filled, landmarks: '' }, pinned, lookups, client);
    expect(payload).toMatchObject({
      locationType: 'custom',
      area: '',
      district: '',
      latitude: 24.1,
      longitude: 38.05,
      organizerPhone: '0551234567',
    });
    expect(payload.landmarks).toContain('الموقع الحالي');
    expect(payload.fullAddress).toBe(payload.landmarks);
  });
});

describe('the request form’s errors', () => {
  it('names each missing field with its own message, the address parts with the location message', () => {
    const errors = missingFieldErrors([
      { field: 'eventType', label: '' },
      { field: 'district', label: '' },
      { field: 'whatsappOptIn', label: '' },
    ]);
    expect(errors).toEqual({ eventType: VALIDATION.eventType, district: VALIDATION.location, whatsappOptIn: VALIDATION.whatsapp });
  });

  it('puts the server’s field errors on the controls (street on the building field) and keeps the rest apart', () => {
    const { fields, others } = serverFieldErrors({ street: 'الشارع طويل', organizerPhone: 'رقم غير صحيح', foodTypes: 'نوع غير معروف' });
    expect(fields).toEqual({ buildingNumber: 'الشارع طويل', organizerPhone: 'رقم غير صحيح' });
    expect(others).toEqual(['نوع غير معروف']);
  });

  it('focuses the first field with an error in the order of the form, not of the message', () => {
    expect(firstErrorField({ organizerPhone: 'x', endTime: 'y' })).toBe('endTime');
    expect(firstErrorField({})).toBeUndefined();
  });
});
