import { describe, expect, it } from '@jest/globals';
import { FakeUnitOfWork } from '../../../../test/support/fakes';
import { newTestService } from '../../../../test/support/test-service';
import { VolunteersRepository } from '../volunteers.repository';
import { VolunteerAssignmentNotices } from './volunteer-assignment-notices';
import { VolunteerLinks } from './volunteer-links';
import { VolunteerPageRepository, type VolunteerPickupRow } from './volunteer-page.repository';

const ROW = {
  id: 125,
  status: 'confirmed',
  eventType: 'wedding',
  eventTypeLabel: 'حفل زواج',
  eventDate: '2026-11-29',
  endTime: '23:30',
  deadline: new Date('2026-11-29T22:30:00Z'),
  importantPlace: null,
  importantPlaceLabel: null,
  districtName: 'الشرم',
  areaName: 'ينبع',
  fullAddress: 'مبنى 9\nحي الشرم',
  landmarks: null,
  latitude: 24.07,
  longitude: 38.09,
  attendeeCount: 250,
  foodTypeLabels: ['أرز ولحوم', 'حلويات'],
  organizerName: 'محمد بن سعد',
  organizerPhone: '0551234567',
  additionalNotes: '',
  onTheWayAt: null,
  collectedAt: null,
  weighedKg: null,
  notCollectedReason: null,
} as VolunteerPickupRow;

function setup(salt: string | null = 'salt') {
  const t = newTestService(VolunteerAssignmentNotices);
  t.mock(VolunteerPageRepository).pickup.mockResolvedValue(ROW);
  const volunteers = t.mock(VolunteersRepository);
  volunteers.contactOf.mockImplementation(async (_tx, id) =>
    id === 5
      ? { name: 'خالد الحربي', whatsapp: '+966551112222', linkSalt: salt }
      : { name: 'سالم', whatsapp: '+966553334444', linkSalt: 'x' },
  );
  const links = t.mock(VolunteerLinks);
  links.tokenOf.mockImplementation((s) => `token-of-${s}`);
  links.issue.mockReturnValue({ linkSalt: 'fresh', linkHash: 'hash', token: 'token-of-fresh' });
  return { t, volunteers, links };
}

async function run(t: ReturnType<typeof setup>['t'], change: Parameters<VolunteerAssignmentNotices['changed']>[2]) {
  const uow = new FakeUnitOfWork();
  await uow.run((tx) => t.sut.changed(tx, 125, change));
  return uow.sent;
}

describe('VolunteerAssignmentNotices', () => {
  it('gives the new volunteer the road’s details on one line each and a button to their page; the previous is told it is off', async () => {
    const { t } = setup();
    const sent = await run(t, { previous: { id: 2, name: 'سالم' }, next: { id: 5, name: 'خالد الحربي' } });
    expect(sent.map((m) => [m.templateKey, m.recipients[0].whatsapp])).toEqual([
      ['volunteerUnassigned', '+966553334444'],
      ['volunteerAssignment', '+966551112222'],
    ]);
    expect(sent[1].variables).toMatchObject({
      volunteerName: 'خالد',
      requestNumber: 125,
      deadline: '01:30 (بعد منتصف الليل)',
      mapsUrl: 'https://www.google.com/maps/search/?api=1&query=24.070000%2C38.090000',
      foodTypes: 'أرز ولحوم، حلويات',
      hostName: 'محمد',
      hostNotes: '—',
    });
    expect(String(sent[1].variables?.place)).not.toContain('\n');
    expect(sent[1].secretVariables).toEqual({ volunteerToken: 'token-of-salt' });
  });

  it('gives a volunteer from before links existed their first link, kept for later messages', async () => {
    const { t, volunteers } = setup(null);
    const sent = await run(t, { previous: null, next: { id: 5, name: 'خالد' } });
    expect(volunteers.storeLink).toHaveBeenCalledWith(expect.anything(), 5, { linkSalt: 'fresh', linkHash: 'hash' });
    expect(sent[0].secretVariables).toEqual({ volunteerToken: 'token-of-fresh' });
  });

  it('tells only the previous volunteer when the assignment is cleared', async () => {
    const { t } = setup();
    const sent = await run(t, { previous: { id: 2, name: 'سالم' }, next: null });
    expect(sent.map((m) => m.templateKey)).toEqual(['volunteerUnassigned']);
  });
});
