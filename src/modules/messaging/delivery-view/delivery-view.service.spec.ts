import { describe, expect, it } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { FakeClock } from '../../../common/clock/clock';
import { FakeActivityLog, FakeUnitOfWork, refusal } from '../../../../test/support/fakes';
import type { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import type { DeliveryCircuit } from '../circuit/delivery-circuit';
import type { UnitOfWork } from '../../../database/unit-of-work';
import type { DeliveryViewRepository, RawDelivery } from './delivery-view.repository';
import { DeliveryViewService } from './delivery-view.service';

// The re-send button's rules against an in-memory repository and unit of work (the SQL is tested on PostgreSQL).

const NOW = new Date('2026-11-27T09:00:00Z');

function raw(id: number, changes: Partial<RawDelivery> = {}): RawDelivery {
  return {
    id,
    formId: 'request:42',
    templateKey: 'statusUpdate',
    status: 'failed',
    attempts: 5,
    createdAt: NOW,
    sentAt: null,
    updatedAt: NOW,
    errorCode: '63024',
    recipient: '+966551234567',
    role: 'customer',
    stopReason: null,
    deliveredAt: null,
    idempotencyKey: `key-${id}`,
    claims: 5,
    ...changes,
  };
}

/** Messages by id; requeue succeeds once for a final failure, as its conditional UPDATE does. */
class FakeRepository {
  rows = new Map<number, RawDelivery>();
  async find(id: number): Promise<RawDelivery | null> {
    return this.rows.get(id) ?? null;
  }
  async requeue(_manager: EntityManager, id: number, now: Date): Promise<boolean> {
    const row = this.rows.get(id);
    if (!row || !['failed', 'undelivered'].includes(row.status) || row.templateKey === 'verificationCode') return false;
    this.rows.set(id, { ...row, status: 'queued', attempts: 0, errorCode: null, createdAt: now, updatedAt: now });
    return true;
  }
}

function setup(...rows: RawDelivery[]) {
  const repo = new FakeRepository();
  for (const row of rows) repo.rows.set(row.id, row);
  const uow = new FakeUnitOfWork();
  const activity = new FakeActivityLog();
  const service = new DeliveryViewService(
    repo as unknown as DeliveryViewRepository,
    uow as unknown as UnitOfWork,
    activity as unknown as ActivityLogService,
    new FakeClock(NOW),
    {} as DeliveryCircuit,
  );
  return { repo, uow, activity, service };
}

describe('DeliveryViewService.resend', () => {
  it('puts a message that failed for good back in the queue, logs it and wakes the worker in the same commit', async () => {
    const { uow, activity, service } = setup(raw(7));
    const row = await service.resend(7);
    expect(row).toMatchObject({ id: 7, state: 'queued', requestId: 42, canResend: false, error: null });
    expect(uow.commits).toBe(1);
    expect(activity.entries).toEqual([
      { action: 'message_resent', entityType: 'message', entityId: 7, metadata: { templateKey: 'statusUpdate', requestId: 42 } },
    ]);
    expect(uow.published).toEqual([{ attemptId: 7, idempotencyKey: 'key-7', claims: 5, templateKey: 'statusUpdate' }]);
  });

  it('refuses a second press: nothing logged, no worker woken', async () => {
    const { uow, activity, service } = setup(raw(7));
    await service.resend(7);
    const error = await refusal(service.resend(7));
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/حالتها «في قائمة الانتظار»/);
    expect(activity.entries).toHaveLength(1);
    expect(uow.published).toHaveLength(1);
  });

  it('never re-sends a login code, and says why in Arabic', async () => {
    const { uow, service } = setup(raw(8, { templateKey: 'verificationCode' }));
    const error = await refusal(service.resend(8));
    expect(error.message).toBe('لا يُعاد إرسال رمز التحقق، يطلب المسؤول رمزاً جديداً');
    expect(uow.commits).toBe(0);
  });

  it('answers 404 in Arabic for a message that does not exist', async () => {
    const { service } = setup();
    const error = await refusal(service.resend(99));
    expect(error.status).toBe(404);
    expect(error.message).toBe('الرسالة غير موجودة');
  });
});
