import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';
import { requestPayload, someDistrict } from './request-payload';
import type { TestApp } from './test-app';
import { waitFor } from './wait-for';

/** Riyadh is UTC+3 all year: an instant from a Riyadh wall time ('2026-12-12T21:30:00'). */
export const riyadh = (wallTime: string): Date => new Date(`${wallTime}+03:00`);

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** What the host's page API answers for any link that does not open (impact reports answer the same shape). */
export const LINK_NOT_FOUND_BODY = { statusCode: 404, code: 'NOT_FOUND', message: 'رابط الطلب غير صحيح أو انتهت صلاحيته' };

/**
 * Sends a request through the public form, as a visitor does, for an event `daysAhead` after the
 * clock's Riyadh date ending at `endTime`; answers its number.
 */
export async function submitRequest(
  t: TestApp,
  db: DataSource,
  localPhone: string,
  options: { daysAhead?: number; endTime?: string; whatsappOptIn?: boolean } = {},
): Promise<number> {
  const payload = requestPayload(localPhone, await someDistrict(db), t.clock.now());
  payload.eventDate = addDaysToDateString(riyadhDateString(t.clock.now()), options.daysAhead ?? 2);
  payload.endTime = options.endTime ?? '23:30';
  payload.whatsappOptIn = options.whatsappOptIn ?? true;
  const res = await t.http.post('/api/requests').send(payload);
  if (res.status !== 201) throw new Error(`the form answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** Waits until the worker has sent every message of a request that is waiting (none queued or sending). */
export async function messagesSettled(db: DataSource, requestId: number): Promise<void> {
  await waitFor(
    async () => {
      const [row] = await db.query(
        `SELECT count(*)::int AS n FROM assurance_attempts a JOIN assurance_notification_groups g ON g.group_id = a.group_id
          WHERE g.form_id = $1 AND a.status IN ('queued', 'sending')`,
        [`request:${requestId}`],
      );
      return row.n === 0;
    },
    20_000,
    `the messages of request ${requestId}`,
  );
}
