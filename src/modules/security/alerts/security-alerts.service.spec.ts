import { describe, expect, it } from '@jest/globals';
import type { ListQuery } from '../../../common/http/list-query';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_NOW } from '../../../../test/support/test-service';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import type { SecurityAlertEntity } from '../entities/security-alert.entity';
import { SecurityAlertsRepository, type SecurityAlertFilterField, type SecurityAlertWhere } from './security-alerts.repository';
import { SecurityAlertsService, type NewSecurityAlert } from './security-alerts.service';

const MINUTE = 60_000;
const ADMINS = [
  { whatsapp: '+966501234567', role: 'admin' as const },
  { whatsapp: '+966551112222', role: 'admin' as const },
];
const FROZEN: NewSecurityAlert = {
  alertType: 'account_frozen',
  severity: 'high',
  description: 'تم تجميد الحساب لمدة 30 دقيقة',
  username: 'huda',
  ipAddress: '8.8.8.8',
  country: 'الولايات المتحدة',
  countryCode: 'US',
};

/** security_alerts in memory, as SecurityAlertsRepository's contract says. */
class FakeAlerts {
  rows: (Partial<SecurityAlertEntity> & { id: number; metadata: Record<string, unknown> | null })[] = [];
  listedWith: SecurityAlertWhere[] = [];
  async lastOfKind(_tx: unknown, kind: { alertType: string; username: string | null; countryCode: string | null }) {
    const last = this.rows.findLast(
      (r) => r.alertType === kind.alertType && r.username === kind.username && r.countryCode === kind.countryCode,
    );
    return last ? { id: last.id, created_at: last.createdAt!, repeats: Number(last.metadata?.repeats ?? 0) } : null;
  }
  async setRepeats(_tx: unknown, id: number, repeats: number) {
    const row = this.rows.find((r) => r.id === id)!;
    row.metadata = { ...row.metadata, repeats };
  }
  async insert(_tx: unknown, alert: Partial<SecurityAlertEntity>) {
    const row = { ...alert, id: this.rows.length + 1, metadata: (alert.metadata as Record<string, unknown>) ?? null };
    this.rows.push(row);
    return row as SecurityAlertEntity;
  }
  async find(id: number) {
    return (this.rows.find((r) => r.id === id) as SecurityAlertEntity | undefined) ?? null;
  }
  async list(_query: unknown, where: SecurityAlertWhere) {
    this.listedWith.push(where);
    return { rows: [], total: 0 };
  }
  markResolved = async (id: number, at: Date, by: string) =>
    Object.assign((await this.find(id))!, { resolved: true, resolvedAt: at, resolvedBy: by });
}

function setup() {
  const repo = new FakeAlerts();
  const t = newTestService(SecurityAlertsService, { provide: [[SecurityAlertsRepository, repo]] });
  t.mock(AdminNumbersService).recipients.mockResolvedValue(ADMINS);
  const raise = (alert: NewSecurityAlert = FROZEN) => t.uow.run((tx) => t.sut.raise(tx, alert));
  return { ...t, repo, raise };
}

describe('SecurityAlertsService.raise', () => {
  it('keeps the alert for the security tab and sends it to every administrator number, with the Riyadh date and time', async () => {
    const t = setup();
    t.clock.set('2026-11-29T21:30:00Z'); // 00:30 on the 30th in Riyadh
    await t.raise();
    expect(t.repo.rows).toEqual([
      expect.objectContaining({ alertType: 'account_frozen', severity: 'high', username: 'huda', countryCode: 'US', metadata: null }),
    ]);
    expect(t.uow.sent).toEqual([
      {
        templateKey: 'securityAlert',
        recipients: ADMINS,
        variables: {
          alertTitle: 'تجميد حساب بعد محاولات فاشلة',
          username: 'huda',
          details: 'تم تجميد الحساب لمدة 30 دقيقة (الولايات المتحدة)',
          ipAddress: '8.8.8.8',
          time: '2026-11-30 00:30',
        },
        reason: 'security_account_frozen',
        subject: { type: 'security_alert', id: 1 },
      },
    ]);
  });

  it('holds back repeats of the same alert for 15 minutes, counting them, and says how many there were in the next one', async () => {
    const t = setup();
    await t.raise();
    t.clock.advance(5 * MINUTE);
    await t.raise();
    t.clock.advance(9 * MINUTE);
    await t.raise();
    expect(t.uow.sent).toHaveLength(1);
    expect(t.repo.rows).toHaveLength(1);
    expect(t.repo.rows[0].metadata).toEqual({ repeats: 2 });

    t.clock.set(new Date(TEST_NOW.getTime() + 15 * MINUTE));
    await t.raise();
    expect(t.uow.sent).toHaveLength(2);
    expect(t.uow.sent[1].variables!.details).toBe('تم تجميد الحساب لمدة 30 دقيقة (الولايات المتحدة) — وتكرر 2 مرة بعد التنبيه السابق');
    expect(t.repo.rows[1].metadata).toEqual({ repeatsBefore: 2 });
  });

  it('does not hold back the same alert for another account or another country', async () => {
    const t = setup();
    await t.raise();
    await t.raise({ ...FROZEN, username: 'omar' });
    await t.raise({ ...FROZEN, country: 'مصر', countryCode: 'EG' });
    expect(t.uow.sent.map((m) => m.subject)).toEqual([1, 2, 3].map((id) => ({ type: 'security_alert', id })));
  });

  it('never holds back emergency access or a change of the security settings', async () => {
    const t = setup();
    const breach: NewSecurityAlert = { alertType: 'security_breach', severity: 'high', description: 'دخول طارئ', username: 'huda' };
    const settings: NewSecurityAlert = { alertType: 'settings_changed', severity: 'high', description: 'تغيير', username: 'huda' };
    for (const alert of [breach, breach, settings, settings]) await t.raise(alert);
    expect(t.uow.sent.map((m) => m.variables!.alertTitle)).toEqual([
      'دخول طارئ إلى لوحة التحكم',
      'دخول طارئ إلى لوحة التحكم',
      'تغيير إعدادات الأمان',
      'تغيير إعدادات الأمان',
    ]);
    expect(t.uow.sent[0].variables).toMatchObject({ details: 'دخول طارئ', ipAddress: '—' });
  });

  it('with no administrator number the alert is still kept for the security tab, and nothing is sent', async () => {
    const t = setup();
    t.mock(AdminNumbersService).recipients.mockResolvedValue([]);
    await t.raise();
    expect(t.repo.rows).toHaveLength(1);
    expect(t.uow.sent).toEqual([]);
  });
});

describe('SecurityAlertsService: the list and resolving', () => {
  const query = (filter: Partial<Record<SecurityAlertFilterField, unknown>>): ListQuery<'createdAt', SecurityAlertFilterField> => ({
    sort: { field: 'createdAt', order: 'DESC' },
    skip: 0,
    take: 25,
    filter,
  });

  it.each([
    [{ resolved: 'no' }, { resolved: 'قيمة المعالجة يجب أن تكون true أو false' }],
    [{ severity: 'urgent' }, { severity: 'درجة الخطورة غير معروفة' }],
    [{ alertType: 'hacked' }, { alertType: 'نوع التنبيه غير معروف' }],
  ])('refuses the filter %j with 400 naming the field', async (filter, errors) => {
    const t = setup();
    // The refusal is a rejected promise, as every other refusal of the service, never thrown as it is called.
    let pending!: Promise<unknown>;
    expect(() => (pending = t.sut.list(query(filter)))).not.toThrow();
    const error = await refusal(pending);
    expect([error.status, error.message, error.options.errors]).toEqual([400, 'معامل التصفية غير صحيح', errors]);
    expect(t.repo.listedWith).toEqual([]);
  });

  it('passes checked filters on, ignoring empty ones', async () => {
    const t = setup();
    await t.sut.list(query({ resolved: false, severity: 'high', alertType: 'geo_block' }));
    await t.sut.list(query({ severity: '', alertType: '' }));
    expect(t.repo.listedWith).toEqual([{ ids: undefined, resolved: false, severity: 'high', alertType: 'geo_block' }, { ids: undefined }]);
  });

  it('records who resolved an alert and when; an unknown alert is 404 in Arabic', async () => {
    const t = setup();
    await t.raise();
    await t.sut.resolve(1, 'omar');
    expect(t.repo.rows[0]).toMatchObject({ resolved: true, resolvedAt: TEST_NOW, resolvedBy: 'omar' });
    for (const call of [t.sut.resolve(99, 'omar'), t.sut.one(99)])
      expect(await refusal(call)).toMatchObject({ status: 404, message: 'التنبيه الأمني غير موجود' });
  });
});
