import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { AdminNumbersService } from '../../src/modules/messaging/admin-numbers.service';
import { OutboxService } from '../../src/modules/messaging/outbox/outbox.service';
import { ConsoleWhatsAppDriver } from '../../src/modules/messaging/providers/console-whatsapp.driver';
import { WHATSAPP_PROVIDER } from '../../src/modules/messaging/providers/whatsapp-provider';
import { OutboxSweeper } from '../../src/modules/messaging/jobs/outbox-sweeper';
import { createTestApp, TestApp } from '../support/test-app';
import { waitFor } from '../support/wait-for';
import { publishAttempts } from '../support/outbox';
import { scopeOf } from '../../src/database/db-scope';
import { UnitOfWork } from '../../src/database/unit-of-work';
import { ActivityLogService } from '../../src/database/activity-log/activity-log.service';

describe('outbox: messages written with the change, delivered by the worker through the console driver', () => {
  let t: TestApp;
  let db: DataSource;
  let outbox: OutboxService;
  let driver: ConsoleWhatsAppDriver;

  beforeAll(async () => {
    t = await createTestApp({ worker: true });
    db = t.app.get(DataSource);
    outbox = t.app.get(OutboxService);
    driver = t.app.get<ConsoleWhatsAppDriver>(WHATSAPP_PROVIDER);
  });
  afterAll(async () => {
    await t.close();
  });

  it('delivers a code to the administrators within seconds; the code is masked everywhere but the driver', async () => {
    const admins = await t.app.get(AdminNumbersService).recipients();
    expect(admins).toEqual([{ whatsapp: 'console', role: 'admin' }]);

    const { attemptIds } = await db.transaction((manager) =>
      outbox.enqueue(scopeOf(manager), {
        templateKey: 'verificationCode',
        recipients: admins,
        variables: { code: '482913' },
        reason: 'login_code',
      }),
    );
    await publishAttempts(outbox, db, attemptIds);

    const sent = await waitFor(() => Promise.resolve(driver.recent().find((m) => m.text.includes('482913'))));
    await waitFor(async () => {
      const [row] = await db.query('SELECT status FROM assurance_attempts WHERE attempt_id = $1', [attemptIds[0]]);
      return row.status === 'sent';
    });
    expect(sent.to).toBe('console');
    expect(sent.templateKey).toBe('verificationCode');

    const [attempt] = await db.query(
      'SELECT status, provider_message_id, secret_variables, content_variables FROM assurance_attempts WHERE attempt_id = $1',
      [attemptIds[0]],
    );
    expect(attempt.status).toBe('sent');
    expect(attempt.provider_message_id).toBe(sent.id);
    expect(attempt.secret_variables).toBeNull(); // wiped once final
    expect(JSON.stringify(attempt.content_variables)).not.toContain('482913');

    const [log] = await db.query(
      'SELECT status, message_content, recipient_type, notification_type FROM notification_logs WHERE attempt_id = $1',
      [attemptIds[0]],
    );
    expect(log).toMatchObject({ status: 'sent', recipient_type: 'admin', notification_type: 'verificationCode' });
    expect(log.message_content).not.toContain('482913');
    expect(log.message_content).toContain('••••••');

    const [event] = await db.query(`SELECT payload FROM assurance_events WHERE type = 'message_enqueued' ORDER BY event_id DESC LIMIT 1`);
    expect(JSON.stringify(event.payload)).not.toContain('482913');
    expect(t.logLines.join('\n')).not.toContain('482913');
  });

  it('sends nothing when the transaction that wrote the message rolls back', async () => {
    const before = await db.query('SELECT count(*)::int AS n FROM assurance_attempts');
    await expect(
      db.transaction(async (manager) => {
        await outbox.enqueue(scopeOf(manager), {
          templateKey: 'securityAlert',
          recipients: [{ whatsapp: 'console', role: 'admin' }],
          variables: { alertTitle: 'تنبيه تجريبي ملغى', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
          reason: 'test_rollback',
        });
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    const after = await db.query('SELECT count(*)::int AS n FROM assurance_attempts');
    expect(after[0].n).toBe(before[0].n);
    await new Promise((r) => setTimeout(r, 800));
    expect(driver.recent().some((m) => m.text.includes('تنبيه تجريبي ملغى'))).toBe(false);
  });

  it("runs a unit of work's after-commit work once the change is visible to everyone, and none after a rollback", async () => {
    const uow = t.app.get(UnitOfWork);
    const probe = `probe-${Date.now()}`;
    const seen: number[] = [];
    const readElsewhere = async () =>
      (
        await db.query(`SELECT count(*)::int AS n FROM activity_logs WHERE action = 'uow_after_commit_probe' AND entity_id = $1`, [probe])
      )[0].n;
    await uow.run(async (tx) => {
      await t.app.get(ActivityLogService).record(tx, { action: 'uow_after_commit_probe', entityId: probe });
      tx.afterCommit(async () => void seen.push(await readElsewhere()));
      seen.push(await readElsewhere()); // not yet visible outside the transaction
    });
    // The callback ran after the commit: a connection of the pool already saw the row.
    expect(seen).toEqual([0, 1]);

    const ran: string[] = [];
    await expect(
      uow.run(async (tx) => {
        tx.afterCommit(() => void ran.push('after a rollback'));
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    expect(ran).toEqual([]);

    // A failing callback is logged; the change stays, the caller gets its result, the next callback runs.
    const result = await uow.run(async (tx) => {
      tx.afterCommit(() => Promise.reject(new Error('cache unreachable')));
      tx.afterCommit(() => void ran.push('second'));
      return 'kept';
    });
    expect(result).toBe('kept');
    expect(ran).toEqual(['second']);
    expect(t.logLines.some((line) => line.includes('after-commit work failed') && line.includes('cache unreachable'))).toBe(true);
  });

  it('delivers through the sweeper when nobody woke the worker (Redis was down at commit time)', async () => {
    const { attemptIds } = await db.transaction((manager) =>
      outbox.enqueue(scopeOf(manager), {
        templateKey: 'securityAlert',
        recipients: [{ whatsapp: 'console', role: 'admin' }],
        variables: { alertTitle: 'تنبيه عبر المسح الدوري', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'test_sweeper',
      }),
    );
    // no publish(): only the sweeper can find it
    await waitFor(() => Promise.resolve(driver.recent().find((m) => m.text.includes('تنبيه عبر المسح الدوري'))));
    // The driver prints before the worker records the outcome: wait for the row too.
    const attempt = await waitFor(async () => {
      const [row] = await db.query('SELECT status FROM assurance_attempts WHERE attempt_id = $1', [attemptIds[0]]);
      return row.status === 'sent' ? row : null;
    });
    expect(attempt.status).toBe('sent');
  });

  it('never sends to a customer without consent, nor to one who revoked it', async () => {
    await db.query(
      `INSERT INTO whatsapp_opt_ins (phone_number, opt_in_status, consent_method, revoked_at, revoked_method) VALUES ('+966500000077', false, 'request_form', now(), 'keyword')
       ON CONFLICT (phone_number) DO UPDATE SET opt_in_status = false`,
    );
    const vars = { recipientName: 'عميل', subject: 'اختبار', message: 'رسالة لا يجب أن تصل' };
    const { attemptIds } = await db.transaction((manager) =>
      outbox.enqueue(scopeOf(manager), {
        templateKey: 'customMessage',
        recipients: [
          { whatsapp: '+966500000066', role: 'customer', optedIn: false },
          { whatsapp: '+966500000077', role: 'customer', optedIn: true },
        ],
        variables: vars,
        reason: 'test_consent',
      }),
    );
    await publishAttempts(outbox, db, attemptIds);
    const rows = await waitFor(async () => {
      const r: { status: string }[] = await db.query('SELECT status FROM assurance_attempts WHERE attempt_id = ANY($1)', [attemptIds]);
      return r.every((x) => x.status === 'cancelled') ? r : null;
    });
    expect(rows).toHaveLength(2);
    expect(driver.recent().some((m) => m.text.includes('رسالة لا يجب أن تصل'))).toBe(false);
    const [recipient] = await db.query(
      `SELECT stop_reason FROM assurance_recipients WHERE whatsapp = '+966500000066' ORDER BY recipient_id DESC LIMIT 1`,
    );
    expect(recipient.stop_reason).toBe('not_opted_in');
  });

  it('keeps one attempt per recipient and template even when a number is listed twice', async () => {
    const { attemptIds } = await db.transaction((manager) =>
      outbox.enqueue(scopeOf(manager), {
        templateKey: 'securityAlert',
        recipients: [
          { whatsapp: '+966511111111', role: 'admin' },
          { whatsapp: '+966511111111', role: 'admin' },
        ],
        variables: { alertTitle: 'مكرر', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'test_duplicates',
      }),
    );
    expect(attemptIds).toHaveLength(1);
  });

  it('two sweeps at once hand each due attempt to the queue without a double send', async () => {
    const { attemptIds } = await db.transaction((manager) =>
      outbox.enqueue(scopeOf(manager), {
        templateKey: 'securityAlert',
        recipients: [{ whatsapp: '+966522222222', role: 'admin' }],
        variables: { alertTitle: 'مسحان متزامنان', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'test_two_sweeps',
      }),
    );
    const sweeper = t.app.get(OutboxSweeper);
    await Promise.all([sweeper.sweep(), sweeper.sweep(), publishAttempts(outbox, db, attemptIds)]);
    await waitFor(() => Promise.resolve(driver.recent().find((m) => m.text.includes('مسحان متزامنان'))));
    await new Promise((r) => setTimeout(r, 1000));
    expect(driver.recent().filter((m) => m.text.includes('مسحان متزامنان'))).toHaveLength(1);
    const logs = await db.query(`SELECT count(*)::int AS n FROM notification_logs WHERE attempt_id = $1 AND status = 'sent'`, [
      attemptIds[0],
    ]);
    expect(logs[0].n).toBe(1);
  });
});
