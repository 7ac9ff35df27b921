import { describe, expect, it } from '@jest/globals';
import {
  collectionDeadline,
  hostCancelDeadline,
  hostCancellationReason,
  hostCancelRefusal,
  hostMayCancel,
  selfServiceLinkExpiry,
} from './self-service';

// Riyadh is UTC+3 all year.
const at = (riyadh: string) => new Date(`${riyadh}+03:00`);

describe("the host's cancel rule (more than 4 hours before the event's end, Riyadh time)", () => {
  it('closes exactly 4 hours before the end, across midnight for an event entered on the next date', () => {
    // Ends at 01:30 on 13 December: the rule closes at 21:30 on the 12th.
    expect(hostCancelDeadline('2026-12-13', '01:30').toISOString()).toBe(at('2026-12-12T21:30:00').toISOString());
    expect(hostMayCancel('confirmed', '2026-12-13', '01:30', at('2026-12-12T21:29:59'))).toBe(true);
    expect(hostMayCancel('confirmed', '2026-12-13', '01:30', at('2026-12-12T21:30:00'))).toBe(false);
  });

  it('allows received, reviewing and confirmed only', () => {
    const early = at('2026-12-01T10:00:00');
    for (const status of ['received', 'reviewing', 'confirmed']) expect(hostMayCancel(status, '2026-12-13', '23:00', early)).toBe(true);
    for (const status of ['completed', 'cancelled']) expect(hostMayCancel(status, '2026-12-13', '23:00', early)).toBe(false);
  });
});

describe('the link and the collection window', () => {
  it('opens until 30 days after the end; the food is collected within 2 hours of it', () => {
    expect(selfServiceLinkExpiry('2026-12-13', '01:30').toISOString()).toBe(at('2027-01-12T01:30:00').toISOString());
    expect(collectionDeadline('2026-12-12', '23:00').toISOString()).toBe(at('2026-12-13T01:00:00').toISOString());
  });

  it("stores «ألغاه صاحب الطلب» with the host's words, and refuses with the charity's phone", () => {
    expect(hostCancellationReason('  تأجلت المناسبة ')).toBe('ألغاه صاحب الطلب: تأجلت المناسبة');
    expect(hostCancellationReason('')).toBe('ألغاه صاحب الطلب');
    expect(hostCancelRefusal('0143221100')).toContain('0143221100');
    expect(hostCancelRefusal(null)).toContain('تواصل معنا');
  });
});
