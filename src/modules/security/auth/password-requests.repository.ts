import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { PasswordChangePurpose, PasswordChangeRequestEntity } from '../entities/password-change-request.entity';

/** password_change_requests: reset and change codes, with the new hash of a change. */
@Injectable()
export class PasswordRequestsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get requests() {
    return this.db.getRepository(PasswordChangeRequestEntity);
  }

  /** The newest unused request of this purpose for a user. */
  findPending(userId: number, purpose: PasswordChangePurpose): Promise<PasswordChangeRequestEntity | null> {
    return this.requests.findOne({ where: { userId, purpose, isUsed: false }, order: { id: 'DESC' } });
  }

  /** Stores the count of wrong answers; `voided` uses the request up and drops its new hash. */
  async recordFailure(id: number, failedAttempts: number, voided: boolean): Promise<void> {
    await this.requests.update({ id }, voided ? { failedAttempts, isUsed: true, newPasswordHash: null } : { failedAttempts });
  }

  /** Marks the request used unless it already is; false when another call got there first. */
  async claim(id: number): Promise<boolean> {
    const claimed = await this.requests.update({ id, isUsed: false }, { isUsed: true });
    return !!claimed.affected;
  }

  async clearNewPasswordHash(id: number): Promise<void> {
    await this.requests.update({ id }, { newPasswordHash: null });
  }

  /** Voids the user's unused requests of this purpose. */
  async voidPending(manager: EntityManager, userId: number, purpose: PasswordChangePurpose): Promise<void> {
    await manager.update(PasswordChangeRequestEntity, { userId, purpose, isUsed: false }, { isUsed: true, newPasswordHash: null });
  }

  async insert(manager: EntityManager, request: Partial<PasswordChangeRequestEntity>): Promise<void> {
    await manager.insert(PasswordChangeRequestEntity, request);
  }
}
