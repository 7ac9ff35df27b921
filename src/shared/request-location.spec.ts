import { describe, expect, it } from '@jest/globals';
import { requestLocation, requestLocationText, type LocatedRequest } from './request-location';

const base: LocatedRequest = {
  importantPlace: null,
  importantPlaceLabel: null,
  districtName: 'الشاطئ',
  areaName: 'ينبع البحر',
  fullAddress: 'مبنى 5، حي الشاطئ، ينبع البحر، ينبع',
};

describe('a request location', () => {
  it('is the important place by its label when the request names one', () => {
    const place = {
      ...base,
      importantPlace: 'wedding_hall_1',
      importantPlaceLabel: 'قاعة الفرح',
      fullAddress: 'قاعة الفرح',
    };
    expect(requestLocation(place)).toEqual({ place: 'قاعة الفرح', address: null });
    // A place without a label shows the address (its label when the form was sent), never its code.
    expect(requestLocation({ ...place, importantPlaceLabel: null, fullAddress: 'قاعة الفرح القديمة' }).place).toBe('قاعة الفرح القديمة');
  });

  it('is the district by name with the address otherwise', () => {
    expect(requestLocation(base)).toEqual({ place: 'الشاطئ', address: 'مبنى 5، حي الشاطئ، ينبع البحر، ينبع' });
    expect(requestLocationText(base)).toBe('الشاطئ — مبنى 5، حي الشاطئ، ينبع البحر، ينبع');
  });

  it('falls back to the area, then the address (a GPS request has neither), never a stored code', () => {
    expect(requestLocation({ ...base, districtName: null }).place).toBe('ينبع البحر');
    const gps = { ...base, districtName: null, areaName: null, fullAddress: 'الموقع الحالي (GPS)' };
    expect(requestLocation(gps)).toEqual({ place: 'الموقع الحالي (GPS)', address: null });
  });
});
