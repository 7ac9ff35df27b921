import { describe, expect, it } from '@jest/globals';
import { acceptWholeNumber, toFigures } from './homepageFigures';

describe('homepage figures input', () => {
  it('turns Arabic-Indic digits into Western ones and ignores anything that is not a whole number', () => {
    expect(acceptWholeNumber('١٢٣')).toBe('123');
    expect(acceptWholeNumber('۴۵')).toBe('45');
    expect(acceptWholeNumber('007')).toBe('7');
    expect(acceptWholeNumber('')).toBe('');
    expect(acceptWholeNumber('12a')).toBeNull();
    expect(acceptWholeNumber('-3')).toBeNull();
    expect(acceptWholeNumber('1.5')).toBeNull();
  });

  it('sends an empty field as 0', () => {
    expect(toFigures({ totalRequests: '', uniquePhones: '4', foodSavedKg: '10', familiesBenefited: '', successfulEvents: '2' })).toEqual({
      totalRequests: 0,
      uniquePhones: 4,
      foodSavedKg: 10,
      familiesBenefited: 0,
      successfulEvents: 2,
    });
  });
});
