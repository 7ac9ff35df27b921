import { describe, expect, it } from '@jest/globals';
import { ASSIGNEE_MESSAGES, validateAssignee } from './assignee';

describe('an assignee (the volunteer or driver collecting a request)', () => {
  it('keeps the name tidy and the phone canonical, whatever digits were typed', () => {
    expect(validateAssignee({ name: '  سعيد   الحربي ', phone: '٠٥٥١٢٣٤٥٦٧' })).toEqual({
      ok: true,
      value: { name: 'سعيد الحربي', phone: '0551234567' },
    });
    expect(validateAssignee({ name: 'سعيد', phone: '+966 55 123 4567' })).toEqual({
      ok: true,
      value: { name: 'سعيد', phone: '0551234567' },
    });
    expect(validateAssignee({ name: 'سعيد', phone: '' })).toEqual({ ok: true, value: { name: 'سعيد', phone: null } });
  });

  it('names each field it refuses, in Arabic', () => {
    expect(validateAssignee({ name: ' ', phone: '0123' })).toEqual({
      ok: false,
      errors: { name: ASSIGNEE_MESSAGES.nameRequired, phone: ASSIGNEE_MESSAGES.phone },
    });
    expect(validateAssignee({ name: 'ا'.repeat(101) })).toEqual({ ok: false, errors: { name: ASSIGNEE_MESSAGES.nameTooLong } });
    // A landline cannot be messaged on WhatsApp: a driver's number is a mobile.
    expect(validateAssignee({ name: 'سعيد', phone: '0143221234' })).toMatchObject({ ok: false });
    expect(validateAssignee({ name: 'سعيد', phone: 551234567 as unknown as string })).toMatchObject({ ok: false });
  });
});
