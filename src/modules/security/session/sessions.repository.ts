import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull, Not } from 'typeorm';
import { AdminSessionEntity } from '../entities/admin-session.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

/** admin_sessions (and the users they belong to). */
@Injectable()
export class SessionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get sessions() {
    return this.db.getRepository(AdminSessionEntity);
  }

  insert(values: Partial<AdminSessionEntity>, scope?: DbScope): Promise<AdminSessionEntity> {
    const manager = scope && managerOf(scope);
    const repo = manager ? manager.getRepository(AdminSessionEntity) : this.sessions;
    return repo.save(repo.create(values));
  }

  find(id: number): Promise<AdminSessionEntity | null> {
    return this.sessions.findOne({ where: { id } });
  }

  findWithUser(id: number): Promise<AdminSessionEntity | null> {
    return this.sessions.findOne({ where: { id }, relations: { user: true } });
  }

  async touch(id: number, at: Date): Promise<void> {
    await this.sessions.update({ id }, { lastSeenAt: at });
  }

  /** Ends the session unless it has already ended. */
  async end(id: number, at: Date, reason: string): Promise<void> {
    await this.sessions.update({ id, endedAt: IsNull() }, { endedAt: at, endReason: reason });
  }

  /** Ends the user's open sessions except `keepSessionId`; returns how many ended. */
  async endAllForUser(scope: DbScope, userId: number, at: Date, reason: string, keepSessionId?: number): Promise<number> {
    const result = await managerOf(scope).update(
      AdminSessionEntity,
      { userId, endedAt: IsNull(), ...(keepSessionId ? { id: Not(keepSessionId) } : {}) },
      { endedAt: at, endReason: reason },
    );
    return result.affected ?? 0;
  }
}
