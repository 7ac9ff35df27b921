import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { APP_LOGGER } from '../common/logging/logger';
import { scopeOf, type DbScope } from './db-scope';
import type { EnqueuedMessage, OutboxMessage, PublishedAttempt } from './outbox-message';

/**
 * What a unit of work hands its callback: the transaction, opaque — handed to repositories (a DbScope),
 * never queried here — a way to queue messages in it, and work to do once it has committed.
 */
export interface Tx extends DbScope {
  /** Writes the message's outbox rows in this transaction; they are published after the commit. */
  send(message: OutboxMessage): Promise<EnqueuedMessage>;
  /** Wakes the worker for an attempt this transaction made due again (a re-send), after the commit. */
  publish(attempt: PublishedAttempt): void;
  /**
   * Runs `fn` once the transaction has committed (never after a rollback): a cache marked stale, a
   * figure recomputed. A failure there is logged, not thrown: the change itself is already kept.
   */
  afterCommit(fn: () => Promise<unknown> | unknown): void;
}

/**
 * Where a unit of work writes and publishes its messages: the messaging module's outbox provides it
 * (`OutboxService`), so this ground floor imports no module and every module can use it.
 */
export abstract class OutboxWriter {
  abstract enqueue(scope: DbScope, message: OutboxMessage): Promise<EnqueuedMessage>;
  abstract publish(attempts: PublishedAttempt[]): Promise<void>;
}

/**
 * "Change + outbox messages in one transaction, published with their keys after commit": the one path
 * every module takes (ARCHITECTURE.md §4a). A rollback leaves no outbox row, wakes no worker and runs
 * no after-commit work.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxWriter,
    @Inject(APP_LOGGER) private readonly logger: Logger,
  ) {}

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const queued: PublishedAttempt[] = [];
    const after: (() => Promise<unknown> | unknown)[] = [];
    const result = await this.db.transaction((manager) => {
      const scope = scopeOf(manager);
      return work({
        ...scope,
        send: async (message) => {
          const enqueued = await this.outbox.enqueue(scope, message);
          queued.push(...enqueued.attempts);
          return enqueued;
        },
        publish: (attempt) => {
          queued.push(attempt);
        },
        afterCommit: (fn) => {
          after.push(fn);
        },
      });
    });
    await this.outbox.publish(queued);
    for (const fn of after) {
      try {
        await fn();
      } catch (error) {
        this.logger.warn({ err: error }, 'after-commit work failed (the change itself is kept)');
      }
    }
    return result;
  }
}
