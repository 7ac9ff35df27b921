import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN, TEST_META, TEST_NOW } from '../../../../test/support/test-service';
import { addDaysToDateString, riyadhDateString } from '../../../shared/time';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import { ConsentRepository } from '../../messaging/consent/consent.repository';
import { HomepageStatisticsService } from '../../reports/homepage/homepage-statistics.service';
import { RequestIdempotency } from '../public/request-idempotency';
import { SelfServiceLinks } from '../self-service/self-service-links';
import { RequestCreationRepository } from './request-creation.repository';
import { RequestCreationService, type RequestOrigin } from './request-creation.service';

// The one creation path's rules, whatever the source (the SQL — locks, counts, the insert — is tested on
// PostgreSQL in test/integration/requests-create*.int-spec.ts).

const TOMORROW = addDaysToDateString(riyadhDateString(TEST_NOW), 1);

function payload(changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    eventType: 'wedding',
    attendeeCount: 120,
    eventDate: TOMORROW,
    endTime: '23:30',
    locationType: 'custom',
    area: 'yanbu_city',
    district: 'al_sharm',
    buildingNumber: '12',
    landmarks: 'بجوار المسجد',
    fullAddress: 'client text',
    organizerName: 'محمد أحمد',
    organizerPhone: '+966 50 123 4567',
    organizerEmail: null,
    foodTypes: ['rice_meat'],
    whatsappOptIn: true,
    consentText: 'أوافق على استلام إشعارات واتساب',
    ...changes,
  };
}

const PUBLIC: RequestOrigin = { source: 'public_form', meta: TEST_META };

function setup(context: { siteBlocked?: string; pickupCapacity?: string } = {}) {
  const t = newTestService(RequestCreationService);
  const repo = t.mock(RequestCreationRepository);
  repo.context.mockResolvedValue({
    options: {
      eventTypes: { wedding: 'زواج' },
      areas: { yanbu_city: 'ينبع البحر' },
      districts: { yanbu_city: { al_sharm: 'الشرم' } },
      importantPlaces: {},
    },
    siteBlocked: context.siteBlocked ?? 'false',
    adminNumbers: null,
    pickupCapacity: context.pickupCapacity ?? null,
  });
  repo.duplicateAndActive.mockResolvedValue({ duplicateId: null, activeCount: 0 });
  repo.insert.mockResolvedValue(1024);
  repo.dayCount.mockResolvedValue(0);
  t.mock(SelfServiceLinks).issue.mockReturnValue({ token: 'host-link-token', selfServiceSalt: 'salt', selfServiceTokenHash: 'hash' });
  t.mock(AdminNumbersService).recipientsOf.mockReturnValue([{ whatsapp: '+966500000001', role: 'admin' }]);
  return { ...t, repo, consent: t.mock(ConsentRepository), figures: t.mock(HomepageStatisticsService) };
}

describe('RequestCreationService.create', () => {
  it('stores the request with its source and the host link, records the consent, tells the host and the administrators', async () => {
    const t = setup();
    expect(await t.sut.create(payload(), PUBLIC)).toEqual({
      id: 1024,
      status: 'received',
      message: 'تم إرسال طلبك بنجاح، وسيتواصل معك فريقنا خلال ساعتين',
    });
    expect(t.repo.insert.mock.calls[0][1]).toMatchObject({
      status: 'received',
      source: 'public_form',
      organizerPhone: '0501234567',
      fullAddress: 'مبنى 12، حي الشرم، ينبع البحر، ينبع',
      ipAddress: TEST_META.ip,
      selfServiceTokenHash: 'hash',
    });
    expect(t.consent.record.mock.calls[0][1]).toMatchObject({ phone: '+966501234567', method: 'request_form', requestId: 1024 });
    expect(t.uow.sent.map((m) => [m.templateKey, m.recipients.map((r) => r.whatsapp)])).toEqual([
      ['requestConfirmation', ['+966501234567']],
      ['newRequest', ['+966500000001']],
    ]);
    // The host's link travels as a secret (masked in every log), never in the plain variables.
    expect(t.uow.sent[0].secretVariables).toEqual({ selfServiceToken: 'host-link-token' });
    expect(JSON.stringify(t.uow.sent[0].variables)).not.toContain('host-link-token');
    expect(t.activity.entries).toEqual([
      expect.objectContaining({ action: 'request_created', entityId: 1024, metadata: expect.objectContaining({ source: 'public_form' }) }),
    ]);
  });

  it('marks the public figures stale only once the request is committed', async () => {
    const t = setup();
    await t.sut.create(payload(), PUBLIC);
    expect(t.figures.invalidate).toHaveBeenCalledTimes(1);
    expect(t.uow.afterCommits).toBe(1);
  });

  it('sends the host nothing and records no consent without the WhatsApp opt-in; the administrators still hear', async () => {
    const t = setup();
    await t.sut.create(payload({ whatsappOptIn: false, consentText: null }), PUBLIC);
    expect(t.consent.record).not.toHaveBeenCalled();
    expect(t.uow.sent.map((m) => m.templateKey)).toEqual(['newRequest']);
  });

  it('records who entered a request for a host, and its consent as given to the team', async () => {
    const t = setup();
    await t.sut.create(payload({ consentText: 'موافقة شفهية' }), { source: 'phone', meta: TEST_META, admin: TEST_ADMIN });
    expect(t.repo.insert.mock.calls[0][1]).toMatchObject({ source: 'phone' });
    expect(t.consent.record.mock.calls[0][1]).toMatchObject({ method: 'admin_entry', text: 'موافقة شفهية' });
    expect(t.activity.entries[0]).toMatchObject({ userId: TEST_ADMIN.userId, metadata: { source: 'phone', by: 'huda' } });
  });

  it('closes the public form while the site is blocked, but not the team entering a request by phone', async () => {
    const blocked = setup({ siteBlocked: 'true' });
    const error = await refusal(blocked.sut.create(payload(), PUBLIC));
    expect([error.status, error.code]).toEqual([503, 'SITE_BLOCKED']);
    expect(blocked.uow.commits).toBe(0);
    await blocked.sut.create(payload(), { source: 'phone', meta: TEST_META, admin: TEST_ADMIN });
    expect(blocked.uow.commits).toBe(1);
  });

  it('refuses a body with a field the form does not have, or a broken rule, naming the field, before any write', async () => {
    const t = setup();
    const unknown = await refusal(t.sut.create(payload({ isAdmin: true }), PUBLIC));
    expect([unknown.status, Object.keys(unknown.options.errors ?? {})]).toEqual([400, ['isAdmin']]);
    const few = await refusal(t.sut.create(payload({ attendeeCount: 5 }), PUBLIC));
    expect(few.options.errors).toEqual({ attendeeCount: 'العدد الأدنى للحضور هو 10 أشخاص' });
    expect(t.repo.insert).not.toHaveBeenCalled();
    expect(t.uow.commits).toBe(0);
  });

  it('refuses a duplicate before the active limit, each with its number and its Arabic sentence', async () => {
    const t = setup();
    t.repo.duplicateAndActive.mockResolvedValue({ duplicateId: 77, activeCount: 2 });
    const duplicate = await refusal(t.sut.create(payload(), PUBLIC));
    expect([duplicate.status, duplicate.code, duplicate.options.details]).toEqual([409, 'DUPLICATE_REQUEST', { existingRequestId: 77 }]);
    expect(duplicate.message).toContain('#77');

    t.repo.duplicateAndActive.mockResolvedValue({ duplicateId: null, activeCount: 2 });
    const limit = await refusal(t.sut.create(payload(), PUBLIC));
    expect([limit.code, limit.options.details]).toEqual(['ACTIVE_REQUESTS_LIMIT', { activeRequestsCount: 2 }]);
    expect(t.repo.insert).not.toHaveBeenCalled();
    expect(t.uow.sent).toEqual([]);
  });

  it('refuses a full day with the next free date, counting only when a capacity is set', async () => {
    const open = setup();
    await open.sut.create(payload(), PUBLIC);
    expect(open.repo.dayCount).not.toHaveBeenCalled();

    const full = setup({ pickupCapacity: '3' });
    full.repo.dayCount.mockResolvedValue(3);
    full.repo.nextFreeDate.mockResolvedValue(addDaysToDateString(TOMORROW, 2));
    const error = await refusal(full.sut.create(payload(), PUBLIC));
    expect([error.status, error.code]).toEqual([409, 'DATE_FULL']);
    expect(error.options.details).toEqual({ date: TOMORROW, nextAvailable: addDaysToDateString(TOMORROW, 2) });
    expect(error.options.errors?.eventDate).toBe(error.message);
    expect(full.repo.insert).not.toHaveBeenCalled();
  });

  it('answers a repeated Idempotency-Key with its first answer and creates nothing', async () => {
    const t = setup();
    const first = { id: 900, status: 'received' as const, message: 'تم إرسال طلبك بنجاح، وسيتواصل معك فريقنا خلال ساعتين' };
    t.mock(RequestIdempotency).claim.mockResolvedValue(first);
    expect(await t.sut.create(payload(), PUBLIC, { keyHash: 'k', bodyHash: 'b' })).toEqual(first);
    expect(t.repo.insert).not.toHaveBeenCalled();
    expect(t.uow.sent).toEqual([]);
    expect(t.figures.invalidate).not.toHaveBeenCalled();
  });
});
