import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { SecurityAlertEntity } from '../entities/security-alert.entity';

export interface LastAlert {
  id: number;
  created_at: Date;
  repeats: number;
}

/** security_alerts. */
@Injectable()
export class SecurityAlertsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The last alert of this kind for the account and country, locked (repeats are counted on it). */
  async lastOfKind(
    manager: EntityManager,
    kind: { alertType: string; username: string | null; countryCode: string | null },
  ): Promise<LastAlert | null> {
    const [last] = (await manager.query(
      `SELECT id, created_at, coalesce((metadata->>'repeats')::int, 0) AS repeats
         FROM security_alerts WHERE alert_type = $1 AND username IS NOT DISTINCT FROM $2 AND country_code IS NOT DISTINCT FROM $3
        ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [kind.alertType, kind.username, kind.countryCode],
    )) as LastAlert[];
    return last ?? null;
  }

  async setRepeats(manager: EntityManager, id: number, repeats: number): Promise<void> {
    await manager.query(
      `UPDATE security_alerts SET metadata = coalesce(metadata, '{}'::jsonb) || jsonb_build_object('repeats', $2::int) WHERE id = $1`,
      [id, repeats],
    );
  }

  insert(manager: EntityManager, alert: Partial<SecurityAlertEntity>): Promise<SecurityAlertEntity> {
    return manager.save(manager.create(SecurityAlertEntity, alert));
  }

  newest(limit: number): Promise<SecurityAlertEntity[]> {
    return this.db.getRepository(SecurityAlertEntity).find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
  }

  find(id: number): Promise<SecurityAlertEntity | null> {
    return this.db.getRepository(SecurityAlertEntity).findOne({ where: { id } });
  }

  async markResolved(id: number, at: Date, by: string): Promise<void> {
    await this.db.getRepository(SecurityAlertEntity).update({ id, resolved: false }, { resolved: true, resolvedAt: at, resolvedBy: by });
  }
}
