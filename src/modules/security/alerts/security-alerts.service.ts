import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import { riyadhDateString, riyadhTimeString } from '../../../shared/time';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import { OutboxService } from '../../messaging/outbox/outbox.service';
import { SecurityAlertEntity, SecurityAlertSeverity } from '../entities/security-alert.entity';

/** The spec's alert types. */
export type SecurityAlertType = 'geo_alert' | 'geo_block' | 'account_frozen' | 'failed_login' | 'security_breach' | 'code_attempts';

const ALERT_TITLES: Record<SecurityAlertType, string> = {
  geo_alert: 'دخول من دولة جديدة',
  geo_block: 'محاولة دخول من دولة غير مسموحة',
  account_frozen: 'تجميد حساب بعد محاولات فاشلة',
  failed_login: 'محاولات دخول فاشلة متكررة',
  security_breach: 'دخول طارئ إلى لوحة التحكم',
  code_attempts: 'رموز تحقق خاطئة متكررة',
};

export interface NewSecurityAlert {
  alertType: SecurityAlertType;
  severity: SecurityAlertSeverity;
  description: string;
  username?: string | null;
  ipAddress?: string | null;
  country?: string | null;
  countryCode?: string | null;
  metadata?: object | null;
}

export interface SecurityAlertView {
  id: number;
  alertType: string;
  severity: SecurityAlertSeverity;
  description: string | null;
  country: string | null;
  ipAddress: string | null;
  username: string | null;
  createdAt: string;
  resolved: boolean;
  resolvedAt: string | null;
  resolvedBy: string | null;
}

/** Security alerts: a row for the security tab and a WhatsApp message to every administrator. */
@Injectable()
export class SecurityAlertsService {
  constructor(
    @InjectRepository(SecurityAlertEntity) private readonly alerts: Repository<SecurityAlertEntity>,
    private readonly outbox: OutboxService,
    private readonly adminNumbers: AdminNumbersService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Records the alert and queues its message in the caller's transaction; returns the attempt ids. */
  async raise(manager: EntityManager, alert: NewSecurityAlert): Promise<number[]> {
    const now = this.clock.now();
    const row = await manager.save(
      manager.create(SecurityAlertEntity, {
        alertType: alert.alertType,
        severity: alert.severity,
        description: alert.description,
        username: alert.username ?? null,
        ipAddress: alert.ipAddress?.slice(0, 64) ?? null,
        country: alert.country ?? null,
        countryCode: alert.countryCode ?? null,
        metadata: alert.metadata ?? null,
        createdAt: now,
      }),
    );
    const recipients = await this.adminNumbers.recipients();
    if (!recipients.length) return [];
    const enqueued = await this.outbox.enqueue(manager, {
      templateKey: 'securityAlert',
      recipients,
      variables: {
        alertTitle: ALERT_TITLES[alert.alertType],
        username: alert.username ?? '—',
        details: alert.country ? `${alert.description} (${alert.country})` : alert.description,
        ipAddress: alert.ipAddress ?? '—',
        time: `${riyadhDateString(now)} ${riyadhTimeString(now)}`,
      },
      reason: `security_${alert.alertType}`,
      subject: { type: 'security_alert', id: row.id },
    });
    return enqueued.attemptIds;
  }

  async list(limit = 100): Promise<SecurityAlertView[]> {
    const rows = await this.alerts.find({ order: { createdAt: 'DESC', id: 'DESC' }, take: limit });
    return rows.map((r) => ({
      id: r.id,
      alertType: r.alertType,
      severity: r.severity,
      description: r.description,
      country: r.country,
      ipAddress: r.ipAddress,
      username: r.username,
      createdAt: r.createdAt.toISOString(),
      resolved: r.resolved,
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      resolvedBy: r.resolvedBy,
    }));
  }

  async resolve(id: number, by: string): Promise<void> {
    const found = await this.alerts.findOne({ where: { id } });
    if (!found) throw DomainException.notFound('التنبيه الأمني غير موجود');
    await this.alerts.update({ id, resolved: false }, { resolved: true, resolvedAt: this.clock.now(), resolvedBy: by });
  }
}
