import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { FakeClock } from '../../src/common/clock/clock';
import { DeliveryService } from '../../src/modules/messaging/outbox/delivery.service';
import { OutboxService } from '../../src/modules/messaging/outbox/outbox.service';
import { forgetMessages } from '../support/outbox';
import { buffersOf, Statement, statementsOf } from '../support/statement-cost';
import { createTestApp, TestApp } from '../support/test-app';
import { scopeOf } from '../../src/database/db-scope';

const VOLUME = 50_000;
/** The volume's numbers (+96659xxxxxxx) and this file's fresh ones (+966598000xxx). */
const VOLUME_BASE = 90_000_000;
const FRESH_BASE = 98_000_000;
/** Pages a statement may add when the indexes it uses grow one level (each index read or written adds one or two). */
const PAGES_PER_LEVEL = 10;
const phone = (n: number) => `+9665${String(n).padStart(8, '0')}`;

/**
 * What delivering one message costs PostgreSQL (claim, consent and window, the daily cap, the record)
 * must not grow with the messages already sent that day: measured in pages touched, statement by
 * statement, with nothing in the window and again with 50,000 messages sent in it.
 */
describe('delivery at volume: the cost of a send does not grow with the day', () => {
  let t: TestApp;
  let db: DataSource;
  // Far from the other files' messages: nothing of theirs is in this window.
  const clock = new FakeClock(new Date(Date.now() + 60 * 24 * 60 * 60_000));
  let fresh = FRESH_BASE;

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      // A cap the volume stays under, so every one of those people holds a conversation in the window.
      env: { WHATSAPP_DAILY_BUSINESS_INITIATED_CAP: String(VOLUME * 2), WHATSAPP_RATE_PER_SECOND: '0' },
    });
    db = t.app.get(DataSource);
  });
  afterAll(async () => {
    try {
      if (db) await forgetMessages(db, `g.reason IN ('volume_test', 'volume_probe')`);
    } finally {
      await t?.close();
    }
  });

  /** Delivers one security alert to a new number (a new business-initiated conversation); answers its statements. */
  async function deliverOne(): Promise<Statement[]> {
    const to = phone(fresh++);
    const { attemptIds } = await db.transaction((m) =>
      t.app.get(OutboxService).enqueue(scopeOf(m), {
        templateKey: 'securityAlert',
        recipients: [{ whatsapp: to, role: 'admin' }],
        variables: { alertTitle: 'اختبار', username: 'admin', details: 'x', ipAddress: '127.0.0.1', time: 'الآن' },
        reason: 'volume_probe',
      }),
    );
    let outcome = '';
    const statements = await statementsOf(db, async () => {
      outcome = (await t.app.get(DeliveryService).deliver(attemptIds[0])).outcome;
    });
    expect(outcome).toBe('sent');
    return statements;
  }

  /** Pages per statement of one delivery, by statement text. */
  async function costOfOneSend(): Promise<Map<string, number>> {
    await db.query('ANALYZE assurance_attempts, assurance_recipients, notification_logs, whatsapp_conversations');
    await deliverOne(); // warms the caches a first send fills
    const cost = new Map<string, number>();
    for (const statement of await deliverOne()) {
      const pages = await buffersOf(db, statement);
      if (pages) cost.set(statement.text, (cost.get(statement.text) ?? 0) + pages);
    }
    return cost;
  }

  /** 50,000 messages sent over the last 23 hours to as many people, as delivery leaves them. */
  async function sendVolume(): Promise<void> {
    const now = clock.now();
    await db.query(
      `WITH g AS (
         INSERT INTO assurance_notification_groups (type, variables_json, reason) VALUES ('securityAlert', '{}', 'volume_test') RETURNING group_id
       ), r AS (
         INSERT INTO assurance_recipients (group_id, whatsapp, role, opted_in, status, attempts, last_attempt_at)
         SELECT g.group_id, '+9665' || ($2::int + i), 'admin', true, 'sent', 1, $1::timestamptz - make_interval(secs => i * 1.6)
           FROM g, generate_series(1, $3::int) i
         RETURNING recipient_id, group_id, whatsapp, last_attempt_at
       ), a AS (
         INSERT INTO assurance_attempts (group_id, recipient_id, template_key, content_variables, status, idempotency_key, attempts, claims,
                                         provider_message_id, sent_at, created_at)
         SELECT r.group_id, r.recipient_id, 'securityAlert', '{}', 'sent', md5('volume' || r.recipient_id), 1, 1, 'SMvol' || r.recipient_id,
                r.last_attempt_at, r.last_attempt_at
           FROM r
         RETURNING attempt_id, recipient_id, sent_at, provider_message_id
       ), l AS (
         INSERT INTO notification_logs (recipient_phone, recipient_type, notification_type, template_key, attempt_id, message_content, status,
                                        provider_message_id, sent_at)
         SELECT r.whatsapp, 'admin', 'securityAlert', 'securityAlert', a.attempt_id, 'تنبيه', 'sent', a.provider_message_id, a.sent_at
           FROM a JOIN r USING (recipient_id)
       )
       INSERT INTO whatsapp_conversations (whatsapp, last_sent_at) SELECT whatsapp, last_attempt_at FROM r`,
      [now, VOLUME_BASE, VOLUME],
    );
  }

  it('costs the same pages per statement with 50,000 messages sent in the window as with none', async () => {
    const atZero = await costOfOneSend();
    await sendVolume();
    const [{ sent }] = await db.query(
      `SELECT count(*)::int AS sent FROM assurance_attempts WHERE status = 'sent' AND sent_at > $1::timestamptz - interval '24 hours' AND sent_at <= $1`,
      [clock.now()],
    );
    expect(sent).toBeGreaterThanOrEqual(VOLUME);
    const [{ open }] = await db.query('SELECT "open" FROM whatsapp_conversation_count');
    expect(open).toBeGreaterThanOrEqual(VOLUME);
    const atVolume = await costOfOneSend();

    const total = (cost: Map<string, number>) => [...cost.values()].reduce((a, b) => a + b, 0);
    console.log(
      `one send: ${total(atZero)} pages with nothing in the window, ${total(atVolume)} with ${VOLUME} messages sent in it ` +
        `(${atVolume.size} statements)`,
    );
    // The same statements run. Each may touch a few pages more where an index it reads or writes grew a
    // level (O(log n): a page per index), never in proportion to the volume: reading the window's
    // 50,000 messages, as the cap's count once did on every send, touches thousands.
    expect([...atVolume.keys()].sort()).toEqual([...atZero.keys()].sort());
    for (const [text, pages] of atVolume) {
      const before = atZero.get(text)!;
      if (pages > before + PAGES_PER_LEVEL)
        throw new Error(`${pages} pages at volume against ${before} without, for: ${text.slice(0, 300)}`);
    }
  }, 180_000);
});
