import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { scopeOf, type DbScope } from '../../../database/db-scope';
import { OutboxService } from './outbox.service';
import { EnqueuedMessage, OutboxMessage, PublishedAttempt } from './outbox.types';

/**
 * What a unit of work hands its callback: the transaction, opaque — handed to repositories (a DbScope),
 * never queried here — and a way to queue messages in it.
 */
export interface Tx extends DbScope {
  /** Writes the message's outbox rows in this transaction; they are published after the commit. */
  send(message: OutboxMessage): Promise<EnqueuedMessage>;
  /** Wakes the worker for an attempt this transaction made due again (a re-send), after the commit. */
  publish(attempt: PublishedAttempt): void;
}

/**
 * "Change + outbox messages in one transaction, published with their keys after commit": the one path
 * every module takes (ARCHITECTURE.md §4). A rollback leaves no outbox row and wakes no worker.
 */
@Injectable()
export class UnitOfWork {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly outbox: OutboxService,
  ) {}

  async run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const queued: PublishedAttempt[] = [];
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
      });
    });
    await this.outbox.publish(queued);
    return result;
  }
}
