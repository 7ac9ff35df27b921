import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { SecuritySettings } from '../../../shared/security-settings';
import { AccountSecurityStatusEntity } from '../entities/account-security-status.entity';
import { managerOf, type DbScope } from '../../../database/db-scope';

/**
 * Held (transaction-scoped) by a policy change and by the creation of an account's status row, so a
 * new row copies the policy either before or after a change, never in between.
 */
export const POLICY_LOCK = 0x5ec_5e77;

/** The oldest status row's policy columns, read in the given transaction (or outside one). */
export async function readPolicy(manager: EntityManager): Promise<SecuritySettings | null> {
  const [row] = await manager.getRepository(AccountSecurityStatusEntity).find({
    select: { id: true, allowedCountries: true, geoAlertEnabled: true, maxFailedAttempts: true, freezeDurationMinutes: true },
    order: { id: 'ASC' },
    take: 1,
  });
  return row
    ? {
        allowedCountries: row.allowedCountries,
        geoAlertEnabled: row.geoAlertEnabled,
        maxFailedAttempts: row.maxFailedAttempts,
        freezeDurationMinutes: row.freezeDurationMinutes,
      }
    : null;
}

/**
 * The security policy: the four policy columns of account_security_status (the spec's fields, per
 * account), kept equal on every row. A change writes every row in one statement; a new row copies the
 * oldest row's values (see AccountStatusRepository.ensureStatus).
 */
@Injectable()
export class SecuritySettingsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Waits for any other policy change or status-row creation to commit (until this transaction ends). */
  async lock(scope: DbScope): Promise<void> {
    const manager = managerOf(scope);
    await manager.query('SELECT pg_advisory_xact_lock($1)', [POLICY_LOCK]);
  }

  /** The policy as the oldest account's row holds it; null before any account has a status row. */
  current(scope?: DbScope): Promise<SecuritySettings | null> {
    const manager = scope && managerOf(scope);
    return readPolicy(manager ?? this.db.manager);
  }

  /**
   * Writes the policy on every account's row (the editor's row is created first if it is missing, so
   * the policy is kept even before anyone else has a row); the number of rows.
   */
  async applyToAll(scope: DbScope, settings: SecuritySettings, editor: string): Promise<number> {
    const manager = managerOf(scope);
    const statuses = manager.getRepository(AccountSecurityStatusEntity);
    await statuses
      .createQueryBuilder()
      .insert()
      .values({ username: editor, ...settings })
      .orIgnore('("username")')
      .execute();
    const result = await statuses
      .createQueryBuilder()
      .update()
      .set({ ...settings })
      .where('true')
      .execute();
    return result.affected ?? 0;
  }
}
