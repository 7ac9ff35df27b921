/**
 * Shared fakes for the service tier (src/**\/*.service.spec.ts): a service's rules against in-memory
 * collaborators, with the SQL left to the integration tests on PostgreSQL.
 */
import { expect } from '@jest/globals';
import type { EntityManager } from 'typeorm';
import { scopeOf, type DbScope } from '../../src/database/db-scope';
import { DomainException } from '../../src/common/errors/domain.exception';
import type { ActivityEntry } from '../../src/database/activity-log/activity-log.service';
import type { OutboxMessage, PublishedAttempt } from '../../src/database/outbox-message';
import type { Tx } from '../../src/database/unit-of-work';

/** The transaction a fake unit of work hands out; fake repositories ignore it. */
export const FAKE_SCOPE: DbScope = scopeOf({} as EntityManager);

/**
 * Runs the work as UnitOfWork does: what it sent or published counts only once the work returns; a
 * throw "rolls back", so nothing it queued is kept, and `commits` does not move.
 */
export class FakeUnitOfWork {
  sent: OutboxMessage[] = [];
  published: PublishedAttempt[] = [];
  commits = 0;
  /** How many after-commit callbacks have run (each runs once, after its work returned). */
  afterCommits = 0;

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const sent: OutboxMessage[] = [];
    const published: PublishedAttempt[] = [];
    const after: (() => unknown)[] = [];
    const tx: Tx = {
      ...FAKE_SCOPE,
      send: async (message: OutboxMessage) => (sent.push(message), { groupId: 0, attemptIds: [], attempts: [] }),
      publish: (attempt: PublishedAttempt) => void published.push(attempt),
      afterCommit: (fn) => void after.push(fn),
    };
    const result = await work(tx);
    this.commits += 1;
    this.sent.push(...sent);
    this.published.push(...published);
    for (const fn of after) {
      this.afterCommits += 1;
      await fn();
    }
    return result;
  }
}

/** The activity log, kept in memory: `record(scope, entry)` as the real one. */
export class FakeActivityLog {
  entries: ActivityEntry[] = [];
  async record(_scope: DbScope, entry: ActivityEntry): Promise<void> {
    this.entries.push(entry);
  }
  async recordNow(entry: ActivityEntry): Promise<void> {
    this.entries.push(entry);
  }
}

/** The DomainException a call was refused with (fails the test when it was not refused). */
export async function refusal(promise: Promise<unknown>): Promise<DomainException> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DomainException);
  return error as DomainException;
}
