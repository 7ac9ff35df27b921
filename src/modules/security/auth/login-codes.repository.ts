import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { LoginVerificationCodeEntity } from '../entities/login-verification-code.entity';

/** login_verification_codes: the WhatsApp codes that complete a login. */
@Injectable()
export class LoginCodesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get codes() {
    return this.db.getRepository(LoginVerificationCodeEntity);
  }

  /** The newest unused code of a username. */
  findPending(username: string): Promise<LoginVerificationCodeEntity | null> {
    return this.codes.findOne({ where: { username, isUsed: false }, order: { id: 'DESC' } });
  }

  /** Stores the count of wrong answers; `voided` uses the code up. */
  async recordFailure(manager: EntityManager, id: number, failedAttempts: number, voided: boolean): Promise<void> {
    await manager.update(LoginVerificationCodeEntity, { id }, { failedAttempts, isUsed: voided });
  }

  /** Marks the code used unless it already is; false when another call got there first. */
  async claim(id: number): Promise<boolean> {
    const claimed = await this.codes.update({ id, isUsed: false }, { isUsed: true });
    return !!claimed.affected;
  }

  /** Voids every unused code of a username. */
  async voidPending(manager: EntityManager, username: string): Promise<void> {
    await manager.update(LoginVerificationCodeEntity, { username, isUsed: false }, { isUsed: true });
  }

  async insert(manager: EntityManager, code: Partial<LoginVerificationCodeEntity>): Promise<void> {
    await manager.insert(LoginVerificationCodeEntity, code);
  }
}
