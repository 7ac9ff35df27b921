import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_META as meta } from '../../../test/support/test-service';
import type { VolunteerFields } from '../../shared/volunteer';
import { ConsentRepository } from '../messaging/consent/consent.repository';
import { VolunteerLinks } from './page/volunteer-links';
import { VolunteersRepository } from './volunteers.repository';
import { VolunteersService } from './volunteers.service';

const STORED: VolunteerFields = { name: 'خالد', whatsapp: '+966501234567', areas: [], vehicle: null, notes: null, active: true };

function setup(now = new Date('2026-11-29T06:00:00Z')) {
  const t = newTestService(VolunteersService, { now });
  const repo = t.mock(VolunteersRepository);
  repo.areaValues.mockResolvedValue(['yanbu_city', 'yanbu_industrial']);
  repo.insert.mockResolvedValue(7);
  repo.find.mockImplementation(async (id) => ({ id, name: 'خالد' }) as never);
  t.mock(VolunteerLinks).issue.mockReturnValue({ linkSalt: 'salt', linkHash: 'hash', token: 'token' });
  repo.update.mockResolvedValue({ ...STORED });
  return { t, repo, consent: t.mock(ConsentRepository) };
}

describe('VolunteersService', () => {
  it('adds a volunteer with the number in E.164 and their opt-in recorded, in the same transaction, and logs it', async () => {
    const { t, repo, consent } = setup();
    await t.sut.create({ name: ' خالد  الحربي ', whatsapp: '٠٥٠١٢٣٤٥٦٧', areas: ['yanbu_city', 'yanbu_city'], consent: true }, admin, meta);
    expect(repo.insert).toHaveBeenCalledWith(
      expect.anything(),
      { name: 'خالد الحربي', whatsapp: '+966501234567', areas: ['yanbu_city'], vehicle: null, notes: null, active: true },
      { linkSalt: 'salt', linkHash: 'hash' },
    );
    expect(consent.record).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({
        phone: '+966501234567',
        method: 'volunteer_registration',
        ip: meta.ip,
        text: expect.stringContaining('huda'),
      }),
    );
    expect(t.uow.commits).toBe(1);
    expect(t.activity.entries).toEqual([
      { action: 'volunteer_created', entityType: 'volunteer', entityId: 7, userId: admin.userId, metadata: { name: 'خالد الحربي' } },
    ]);
  });

  it('registers no number without the volunteer’s consent confirmed', async () => {
    const { t, repo } = setup();
    const error = await refusal(t.sut.create({ name: 'سعد', whatsapp: '0501234567' }, admin, meta));
    expect(error.options.errors).toEqual({ consent: 'لا يُسجَّل الرقم إلا بعد موافقة المتطوع على رسائل واتساب' });
    expect(repo.insert).not.toHaveBeenCalled();
  });

  it('names every bad field in Arabic and writes nothing', async () => {
    const { t, repo } = setup();
    const error = await refusal(t.sut.create({ name: '', whatsapp: '12345', areas: ['mars'], notes: 7 }, admin, meta));
    expect(error.options.errors).toEqual({
      name: 'اكتب اسم المتطوع',
      whatsapp: 'رقم واتساب المتطوع غير صحيح: اكتبه بصيغة 05XXXXXXXX',
      areas: 'اختر مناطق المتطوع من القائمة',
      notes: 'الملاحظات يجب ألا تتجاوز 1000 حرف',
    });
    expect(repo.insert).not.toHaveBeenCalled();
    expect(await refusal(t.sut.create(['not', 'an', 'object'], admin, meta))).toMatchObject({ status: 400 });
  });

  it('refuses a number another volunteer has, and rolls back (no opt-in, no log)', async () => {
    const { t, repo, consent } = setup();
    repo.insert.mockResolvedValue(null);
    const error = await refusal(t.sut.create({ name: 'سعد', whatsapp: '0501234567', consent: true }, admin, meta));
    expect(error.options.errors).toEqual({ whatsapp: 'يوجد متطوع مسجّل بهذا الرقم' });
    expect(consent.record).not.toHaveBeenCalled();
    expect(t.activity.entries).toEqual([]);
  });

  it('an edit changes only what it names; deactivating is logged as such; a new number records its opt-in', async () => {
    const { t, repo, consent } = setup();
    await t.sut.update(7, { active: false }, admin, meta);
    expect(repo.update).toHaveBeenLastCalledWith(expect.anything(), 7, { active: false });
    expect(t.activity.entries.map((e) => e.action)).toEqual(['volunteer_deactivated']);
    expect(consent.record).not.toHaveBeenCalled();

    // A new number is registered only with the volunteer's consent confirmed.
    const unconfirmed = await refusal(t.sut.update(7, { whatsapp: '0559876543' }, admin, meta));
    expect(unconfirmed.options.errors).toEqual({ consent: 'لا يُسجَّل الرقم إلا بعد موافقة المتطوع على رسائل واتساب' });
    await t.sut.update(7, { whatsapp: '0559876543', vehicle: 'سيارة مبردة', consent: true }, admin, meta);
    expect(consent.record).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ phone: '+966559876543' }));
    expect(t.activity.entries[1]).toMatchObject({ action: 'volunteer_updated', metadata: { fields: ['whatsapp', 'vehicle'] } });
  });

  it('records the opt-in of an unchanged number when the administrator confirms it on an edit', async () => {
    const { t, consent } = setup();
    await t.sut.update(7, { name: 'خالد' }, admin, meta);
    expect(consent.record).not.toHaveBeenCalled();
    await t.sut.update(7, { name: 'خالد', consent: true }, admin, meta);
    expect(consent.record).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ phone: '+966501234567', method: 'volunteer_registration' }),
    );
  });

  it('logs nothing for an edit that changes nothing', async () => {
    const { t } = setup();
    await t.sut.update(7, { name: 'خالد', areas: [] }, admin, meta);
    expect(t.activity.entries).toEqual([]);
  });

  it('never deletes a volunteer with history (409, they are to be deactivated), nor one that is not there (404)', async () => {
    const { t, repo } = setup();
    repo.delete.mockResolvedValue('has_history');
    expect(await refusal(t.sut.remove(7, admin))).toMatchObject({ status: 409, code: 'VOLUNTEER_HAS_HISTORY' });
    repo.delete.mockResolvedValue('missing');
    expect(await refusal(t.sut.remove(7, admin))).toMatchObject({ status: 404 });
    repo.delete.mockResolvedValue({ ...STORED });
    expect(await t.sut.remove(7, admin)).toEqual({ id: 7, name: 'خالد' });
    expect(t.activity.entries.map((e) => e.action)).toEqual(['volunteer_deleted']);
  });

  it('«رابط جديد» replaces the link and sends it to the volunteer with the change, the token as a secret', async () => {
    const { t, repo } = setup();
    repo.replaceLink.mockResolvedValue({ name: 'خالد الحربي', whatsapp: '+966501234567', active: true });
    const answer = await t.sut.newLink(7, admin);
    expect(repo.replaceLink).toHaveBeenCalledWith(expect.anything(), 7, { linkSalt: 'salt', linkHash: 'hash' }, expect.any(Date));
    expect(answer.url).toMatch(/\/t\/token$/);
    expect(t.uow.sent).toEqual([
      expect.objectContaining({
        templateKey: 'volunteerLink',
        recipients: [{ whatsapp: '+966501234567', role: 'customer' }],
        variables: { volunteerName: 'خالد' },
        secretVariables: { volunteerToken: 'token' },
      }),
    ]);
    expect(t.activity.entries.map((e) => e.action)).toEqual(['volunteer_link_replaced']);
  });

  it('sends no link to a deactivated volunteer (409) nor to one not there (404), and rolls back', async () => {
    const { t, repo } = setup();
    repo.replaceLink.mockResolvedValue({ name: 'خالد', whatsapp: '+966501234567', active: false });
    expect(await refusal(t.sut.newLink(7, admin))).toMatchObject({ status: 409, code: 'VOLUNTEER_INACTIVE' });
    repo.replaceLink.mockResolvedValue(null);
    expect(await refusal(t.sut.newLink(7, admin))).toMatchObject({ status: 404 });
    expect(t.uow.sent).toEqual([]);
    expect(t.activity.entries).toEqual([]);
  });

  it('counts the figures in the Riyadh month: on the 1st at 01:00 Riyadh (still the 30th in UTC) the month is the new one', async () => {
    const { t, repo } = setup(new Date('2026-11-30T22:00:00Z'));
    await t.sut.one(7);
    expect(repo.find).toHaveBeenCalledWith(7, { from: new Date('2026-11-30T21:00:00Z'), to: new Date('2026-12-31T21:00:00Z') });
  });
});
