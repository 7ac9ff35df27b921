import { describe, expect, it } from '@jest/globals';
import { VOLUNTEER_PAGE_MESSAGES } from '@shared/volunteer';
import { WEIGHED_KG_MESSAGES } from '@shared/weighed-kg';
import { checkCollectedForm, checkNotCollectedForm, doneSummary, formatKg, hostPhoneLinks, NO_ANSWERS } from './form';

const ALL_YES = { packed: true, temperature: true, beforeDeadline: true };

describe('the volunteer page forms', () => {
  it('reads the weighed kilograms in Western or Arabic-Indic digits and needs every check answered', () => {
    expect(checkCollectedForm('42.5', ALL_YES)).toEqual({ ok: true, value: { weighedKg: 42.5, checks: ALL_YES } });
    expect(checkCollectedForm('٤٢٫٥', { ...ALL_YES, beforeDeadline: false })).toEqual({
      ok: true,
      value: { weighedKg: 42.5, checks: { ...ALL_YES, beforeDeadline: false } },
    });
    expect(checkCollectedForm('0', ALL_YES)).toMatchObject({ ok: true, value: { weighedKg: 0 } });
    expect(checkCollectedForm('', NO_ANSWERS)).toEqual({
      ok: false,
      errors: { weighedKg: 'اكتب الوزن الفعلي بالكيلوجرام', checks: VOLUNTEER_PAGE_MESSAGES.checks },
    });
    expect(checkCollectedForm('-3', ALL_YES)).toEqual({ ok: false, errors: { weighedKg: WEIGHED_KG_MESSAGES.min } });
    expect(checkCollectedForm('1.234', ALL_YES)).toEqual({ ok: false, errors: { weighedKg: WEIGHED_KG_MESSAGES.format } });
    expect(checkCollectedForm('200000', ALL_YES)).toEqual({ ok: false, errors: { weighedKg: WEIGHED_KG_MESSAGES.max } });
    expect(checkCollectedForm('12', { ...ALL_YES, temperature: null })).toEqual({
      ok: false,
      errors: { checks: VOLUNTEER_PAGE_MESSAGES.checks },
    });
  });

  it('needs a reason from the list and keeps the note to 500 characters, sent only when written', () => {
    expect(checkNotCollectedForm('no_surplus', '  ')).toEqual({ ok: true, value: { reason: 'no_surplus' } });
    expect(checkNotCollectedForm('arrived_late', ' تأخرت\nبسبب الزحام ')).toEqual({
      ok: true,
      value: { reason: 'arrived_late', note: 'تأخرت بسبب الزحام' },
    });
    expect(checkNotCollectedForm(null, '')).toEqual({ ok: false, errors: { reason: VOLUNTEER_PAGE_MESSAGES.reason } });
    expect(checkNotCollectedForm('tired', 'x'.repeat(501))).toEqual({
      ok: false,
      errors: { reason: VOLUNTEER_PAGE_MESSAGES.reason, note: VOLUNTEER_PAGE_MESSAGES.noteTooLong },
    });
    expect(checkNotCollectedForm('no_surplus', 'x'.repeat(500))).toMatchObject({ ok: true });
  });

  it("gives the host's call and WhatsApp links from 05XXXXXXXX", () => {
    expect(hostPhoneLinks('0551230001')).toEqual({
      tel: 'tel:+966551230001',
      whatsapp: 'https://wa.me/966551230001',
      display: '0551230001',
    });
    expect(hostPhoneLinks('+966 55 123 0001')?.whatsapp).toBe('https://wa.me/966551230001');
    expect(hostPhoneLinks('0143221100')).toBeNull();
  });

  it('sums a finished pickup up in one line, with Western digits', () => {
    expect(formatKg(42.5)).toBe('42.5');
    expect(formatKg(1250)).toBe('1250');
    expect(doneSummary({ status: 'completed', statusLabel: 'مكتمل', weighedKg: 42.5, notCollectedReason: null })).toBe(
      'تم الاستلام: 42.5 كجم',
    );
    expect(doneSummary({ status: 'cancelled', statusLabel: 'ملغي', weighedKg: null, notCollectedReason: 'event_not_held' })).toBe(
      'لم يتم الاستلام: لم تُقم المناسبة',
    );
    expect(doneSummary({ status: 'cancelled', statusLabel: 'ملغي', weighedKg: null, notCollectedReason: null })).toBe('حالة الطلب: ملغي');
  });
});
