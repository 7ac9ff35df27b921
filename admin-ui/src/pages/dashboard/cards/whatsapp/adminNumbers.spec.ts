import { describe, expect, it } from '@jest/globals';
import { addNumbers, displayPhone, ltrIsolate, removeNumber, sameNumbers, saveProblem, splitNumbersInput } from './adminNumbers';
import { serverErrorCode, serverFieldError } from './apiErrors';

describe('administrator numbers (dashboard card)', () => {
  it('splits typed text at Latin and Arabic commas and line breaks', () => {
    expect(splitNumbersInput(' +966501112222 ,00966503334444،\n+14155550123 ,, ')).toEqual([
      '+966501112222',
      '00966503334444',
      '+14155550123',
    ]);
    expect(splitNumbersInput('   ')).toEqual([]);
  });

  it('adds numbers in international form, normalised to E.164, without duplicates', () => {
    expect(addNumbers([], '+966 50 111 2222')).toEqual({ numbers: ['+966501112222'], problem: null });
    expect(addNumbers(['+966501112222'], '00966503334444, ٠٠٩٦٦٥٠٥٥٥٦٦٦٦, +966501112222')).toEqual({
      numbers: ['+966501112222', '+966503334444', '+966505556666'],
      problem: null,
    });
  });

  it('refuses a local number with the server rule and names it, adding nothing', () => {
    const result = addNumbers(['+966501112222'], '+966503334444, 0501234567');
    expect(result.numbers).toEqual(['+966501112222']);
    expect(result.problem).toEqual({
      key: 'app.whatsapp_cards.numbers.invalid',
      args: { number: ltrIsolate('0501234567'), example: ltrIsolate('+966501234567') },
    });
    expect(addNumbers([], '+12').problem?.key).toBe('app.whatsapp_cards.numbers.invalid');
  });

  it('says so when nothing was typed or the number is already listed', () => {
    expect(addNumbers(['+966501112222'], ' , ').problem).toEqual({ key: 'app.whatsapp_cards.numbers.input_required' });
    expect(addNumbers(['+966501112222'], '00966501112222')).toEqual({
      numbers: ['+966501112222'],
      problem: { key: 'app.whatsapp_cards.numbers.duplicate', args: { number: ltrIsolate('+966 50 111 2222') } },
    });
  });

  it('removes, compares and requires at least one number to save', () => {
    expect(removeNumber(['+966501112222', '+966503334444'], '+966501112222')).toEqual(['+966503334444']);
    expect(sameNumbers(['+1', '+2'], ['+1', '+2'])).toBe(true);
    expect(sameNumbers(['+1', '+2'], ['+2', '+1'])).toBe(false);
    expect(sameNumbers(['+1'], ['+1', '+2'])).toBe(false);
    expect(saveProblem([])).toEqual({ key: 'app.whatsapp_cards.numbers.required' });
    expect(saveProblem(['+966501112222'])).toBeNull();
  });

  it('groups Saudi mobiles for display and leaves other numbers as stored', () => {
    expect(displayPhone('+966501112222')).toBe('+966 50 111 2222');
    expect(displayPhone('+14155550123')).toBe('+14155550123');
    expect(displayPhone('+512345678')).toBe('+512345678');
  });

  it("reads the server's field error and code from a failed call", () => {
    const error = { envelope: { statusCode: 400, code: 'VALIDATION_FAILED', message: 'x', errors: { numbers: 'الرقم غير صحيح' } } };
    expect(serverFieldError(error, 'numbers')).toBe('الرقم غير صحيح');
    expect(serverFieldError(error, 'testNumber')).toBeNull();
    expect(serverFieldError(new Error('x'), 'numbers')).toBeNull();
    expect(serverFieldError(null, 'numbers')).toBeNull();
    expect(serverErrorCode({ envelope: { code: 'NO_ADMIN_NUMBERS' } })).toBe('NO_ADMIN_NUMBERS');
    expect(serverErrorCode({ envelope: null })).toBeNull();
    expect(serverErrorCode('x')).toBeNull();
  });
});
