import { describe, expect, it } from '@jest/globals';
import { requestContext, type RequestContextStore } from '../../common/http/request-context';
import { FAKE_SCOPE } from '../../../test/support/fakes';
import { newTestService, stubOf } from '../../../test/support/test-service';
import { ActivityLogsRepository } from './activity-logs.repository';
import { ActivityLogService } from './activity-log.service';

const POOL = { pool: true } as never;

function setup() {
  const logs = Object.assign(stubOf(ActivityLogsRepository), { pool: POOL });
  const t = newTestService(ActivityLogService, { provide: [[ActivityLogsRepository, logs]] });
  return { ...t, logs };
}

const call = (store: RequestContextStore, work: () => Promise<void>) => requestContext.run(store, work);

describe('ActivityLogService.record', () => {
  it("fills who, from where and with what browser from the current call when the entry does not say, and marks the call's activity as written", async () => {
    const t = setup();
    const store: RequestContextStore = { ip: '203.0.113.9', userAgent: 'Safari', userId: 3 };
    await call(store, () => t.sut.record(FAKE_SCOPE, { action: 'sticker_created', entityType: 'sticker', entityId: 12 }));
    expect(t.logs.insert).toHaveBeenCalledWith(FAKE_SCOPE, {
      action: 'sticker_created',
      entityType: 'sticker',
      entityId: '12',
      metadata: null,
      userId: 3,
      ipAddress: '203.0.113.9',
      userAgent: 'Safari',
    });
    // The audit interceptor then adds no second row for the call.
    expect(store.activityRecorded).toBe(true);
  });

  it("keeps what the entry says over the call's context", async () => {
    const t = setup();
    await call({ ip: '203.0.113.9', userAgent: 'Safari', userId: 3 }, () =>
      t.sut.record(FAKE_SCOPE, { action: 'login', userId: 8, ipAddress: '10.0.0.5', userAgent: 'tablet', metadata: { by: 'huda' } }),
    );
    expect(t.logs.insert.mock.calls[0][1]).toEqual(
      expect.objectContaining({ userId: 8, ipAddress: '10.0.0.5', userAgent: 'tablet', metadata: { by: 'huda' } }),
    );
  });

  it('cuts over-long ids, addresses and browsers to what the columns hold, and stores empty ones as null', async () => {
    const t = setup();
    await t.sut.record(FAKE_SCOPE, { action: 'x', entityId: '9'.repeat(80), ipAddress: '1'.repeat(70), userAgent: 'u'.repeat(600) });
    await t.sut.record(FAKE_SCOPE, { action: 'y', ipAddress: '', userAgent: '' });
    const [[, long], [, empty]] = t.logs.insert.mock.calls;
    expect([String(long.entityId).length, String(long.ipAddress).length, String(long.userAgent).length]).toEqual([64, 64, 500]);
    expect([empty.entityId, empty.ipAddress, empty.userAgent, empty.userId, empty.entityType]).toEqual([null, null, null, null, null]);
  });
});

describe('ActivityLogService.recordNow', () => {
  it("writes the row on its own, outside any caller's transaction", async () => {
    const t = setup();
    await t.sut.recordNow({ action: 'statistics_viewed' });
    expect(t.logs.insert).toHaveBeenCalledWith(POOL, expect.objectContaining({ action: 'statistics_viewed' }));
  });
});
