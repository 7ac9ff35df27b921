import { describe, expect, it } from '@jest/globals';
import { ltrIsolate } from './adminNumbers';
import { broadcastFigures, customMessageProblem, testNumberProblem, testSingleBody } from './whatsappTest';

describe('WhatsApp test sending (dashboard card)', () => {
  it('checks the test number as the server does', () => {
    expect(testNumberProblem('')).toEqual({ key: 'app.whatsapp_cards.test.number_required' });
    expect(testNumberProblem('   ')).toEqual({ key: 'app.whatsapp_cards.test.number_required' });
    expect(testNumberProblem('+9 6 6 5 0 1 2 3 4 5 6 7')).toEqual({ key: 'app.whatsapp_cards.test.number_too_long', args: { max: '20' } });
    expect(testNumberProblem('12345')).toEqual({
      key: 'app.whatsapp_cards.test.number_invalid',
      args: { example: ltrIsolate('+966501234567') },
    });
    expect(testNumberProblem('+966 55 000 1111')).toBeNull();
    expect(testNumberProblem('0550001111')).toBeNull();
    expect(testNumberProblem('٠٥٥٠٠٠١١١١')).toBeNull();
    expect(testNumberProblem('+14155550123')).toBeNull();
  });

  it('limits the optional message to 1000 characters', () => {
    expect(customMessageProblem('')).toBeNull();
    expect(customMessageProblem('ن'.repeat(1000))).toBeNull();
    expect(customMessageProblem('ن'.repeat(1001))).toEqual({ key: 'app.whatsapp_cards.test.message_too_long', args: { max: '1000' } });
  });

  it('sends the trimmed number, and the message only when one was typed', () => {
    expect(testSingleBody(' +966550001111 ', '  ')).toEqual({ testNumber: '+966550001111' });
    expect(testSingleBody('+966550001111', ' تجربة ')).toEqual({ testNumber: '+966550001111', customMessage: 'تجربة' });
  });

  it('reads the broadcast summary, missing figures as 0', () => {
    expect(broadcastFigures({ success: true, summary: { total: 2, successful: 1, failed: 1 } })).toEqual({
      total: 2,
      successful: 1,
      failed: 1,
    });
    expect(broadcastFigures({ success: false })).toEqual({ total: 0, successful: 0, failed: 0 });
    expect(broadcastFigures(undefined)).toEqual({ total: 0, successful: 0, failed: 0 });
  });
});
