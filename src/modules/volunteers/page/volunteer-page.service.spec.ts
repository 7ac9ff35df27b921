import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_META as meta } from '../../../../test/support/test-service';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import type { RequestEntity } from '../../requests/entities/request.entity';
import { RequestStatusRepository } from '../../requests/request-status.repository';
import { RequestStatusService } from '../../requests/request-status.service';
import { VolunteerLinks } from './volunteer-links';
import { VolunteerPageRepository, type PickupProgress, type VolunteerPickupRow } from './volunteer-page.repository';
import { firstNameOf } from '../../../shared/volunteer';
import { VolunteerPageService } from './volunteer-page.service';

const TOKEN = 'T'.repeat(43);
const VOLUNTEER = { id: 4, name: 'خالد بن فهد الحربي' };
const CHECKS = { packed: true, temperature: true, beforeDeadline: true };

function row(over: Partial<VolunteerPickupRow> = {}): VolunteerPickupRow {
  return {
    id: 77,
    status: 'confirmed',
    eventType: 'wedding',
    eventTypeLabel: 'حفل زواج',
    eventDate: '2026-11-29',
    endTime: '23:00',
    deadline: new Date('2026-11-29T22:00:00Z'),
    importantPlace: null,
    importantPlaceLabel: null,
    districtName: 'الشرم',
    areaName: 'ينبع',
    fullAddress: 'مبنى 9، حي الشرم',
    landmarks: null,
    latitude: null,
    longitude: null,
    attendeeCount: 150,
    foodTypeLabels: [],
    organizerName: 'محمد العتيبي',
    organizerPhone: '0551234567',
    additionalNotes: null,
    onTheWayAt: null,
    collectedAt: null,
    weighedKg: null,
    notCollectedReason: null,
    ...over,
  };
}

function setup(progress: Partial<PickupProgress> = {}, request: { status?: string; volunteerId?: number | null } = {}) {
  const t = newTestService(VolunteerPageService);
  const links = t.mock(VolunteerLinks);
  links.hashOf.mockImplementation((token) => (token === TOKEN ? 'hash' : null));
  const repo = t.mock(VolunteerPageRepository);
  repo.byLinkHash.mockResolvedValue(VOLUNTEER);
  repo.lockProgress.mockResolvedValue({ volunteerId: 4, onTheWayAt: null, collectedAt: null, notCollectedAt: null, ...progress });
  repo.pickup.mockResolvedValue(row());
  const entity = {
    id: 77,
    volunteerId: request.volunteerId === undefined ? 4 : request.volunteerId,
    fields: { status: request.status ?? 'confirmed' },
  };
  t.mock(RequestStatusRepository).lock.mockResolvedValue(entity as unknown as RequestEntity);
  const statuses = t.mock(RequestStatusService);
  const admins = t.mock(AdminNumbersService);
  admins.recipients.mockResolvedValue([{ whatsapp: '+966500000001', role: 'admin' }]);
  return { t, repo, statuses, admins };
}

describe('VolunteerPageService', () => {
  it('answers 404 for text that is no token without reading anything, and for an unknown one', async () => {
    const { t, repo } = setup();
    expect(await refusal(t.sut.page('../etc'))).toMatchObject({ status: 404, code: 'LINK_NOT_FOUND' });
    expect(repo.byLinkHash).not.toHaveBeenCalled();
    repo.byLinkHash.mockResolvedValue(null);
    expect(await refusal(t.sut.page(TOKEN))).toMatchObject({ status: 404 });
  });

  it('lets only the assigned volunteer act: another’s pickup is 403 and nothing is written', async () => {
    const { t, repo, statuses } = setup({}, { volunteerId: 9 });
    expect(await refusal(t.sut.onTheWay(TOKEN, 77))).toMatchObject({ status: 403, code: 'NOT_YOUR_PICKUP' });
    expect(repo.setOnTheWay).not.toHaveBeenCalled();
    expect(statuses.tellHostOnTheWay).not.toHaveBeenCalled();
  });

  it('sets out once: the host is told the first name; a repeat writes and sends nothing', async () => {
    const first = setup();
    const pickup = await first.t.sut.onTheWay(TOKEN, 77);
    expect(first.statuses.tellHostOnTheWay).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ id: 77 }), 'خالد');
    expect(pickup.hostFirstName).toBe('محمد');
    const repeat = setup({ onTheWayAt: new Date() });
    await repeat.t.sut.onTheWay(TOKEN, 77);
    expect(repeat.repo.setOnTheWay).not.toHaveBeenCalled();
    expect(repeat.statuses.tellHostOnTheWay).not.toHaveBeenCalled();
  });

  it('collects with the weighed kilograms as the volunteer’s status change, and refuses bad input naming the fields', async () => {
    const { t, repo, statuses } = setup();
    const error = await refusal(t.sut.collected(TOKEN, 77, { weighedKg: '12', checks: { packed: 'yes' } }, meta));
    expect(Object.keys(error.options.errors ?? {}).sort()).toEqual(['checks', 'weighedKg']);
    await t.sut.collected(TOKEN, 77, { weighedKg: 12.5, checks: { ...CHECKS, extra: true } }, meta);
    expect(repo.setCollected).toHaveBeenCalledWith(expect.anything(), 77, 4, expect.any(Date), 12.5, CHECKS);
    expect(statuses.apply).toHaveBeenCalledWith(
      expect.anything(),
      expect.anything(),
      { status: 'completed', weighedKg: 12.5 },
      { type: 'volunteer', volunteer: VOLUNTEER, meta },
    );
  });

  it('refuses any action on a pickup the team completed or cancelled (409)', async () => {
    const { t } = setup({}, { status: 'cancelled' });
    expect(await refusal(t.sut.collected(TOKEN, 77, { weighedKg: 3, checks: CHECKS }, meta))).toMatchObject({
      status: 409,
      code: 'PICKUP_CLOSED',
    });
  });

  it('not collected cancels with the reason and the note, and tells the administrators read before the lock', async () => {
    const { t, statuses, admins } = setup();
    await t.sut.notCollected(TOKEN, 77, { reason: 'event_not_held', note: '  أُلغي   الحفل ' }, meta);
    expect(statuses.apply).toHaveBeenCalledWith(
      expect.anything(),
      expect.anything(),
      { status: 'cancelled', cancellationReason: 'لم يتم الاستلام: لم تُقم المناسبة (أُلغي الحفل)' },
      expect.objectContaining({ type: 'volunteer' }),
    );
    expect(admins.recipients).toHaveBeenCalledTimes(1);
    expect(t.uow.sent).toEqual([
      expect.objectContaining({
        templateKey: 'volunteerUpdate',
        recipients: [{ whatsapp: '+966500000001', role: 'admin' }],
        variables: expect.objectContaining({ volunteerName: VOLUNTEER.name, reason: 'لم تُقم المناسبة: أُلغي الحفل' }),
      }),
    ]);
    expect(await refusal(t.sut.notCollected(TOKEN, 77, { reason: 'bored' }, meta))).toMatchObject({ status: 400 });
  });

  it('names people by their first word', () => {
    expect(firstNameOf('  عبدالله   بن سعد ')).toBe('عبدالله');
  });
});
