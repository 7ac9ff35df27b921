import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import { idsFilter, LIST_QUERY_MESSAGES } from '../../../common/http/list-query';
import type { ListQuery, Page } from '../../../common/http/list-query';
import { SECURITY_ALERT_SEVERITIES, SECURITY_ALERT_TYPES } from '../../../shared/api/security';
import type { SecurityAlertRow, SecurityAlertType } from '../../../shared/api/security';
import { riyadhDateString, riyadhTimeString } from '../../../shared/time';
import { AdminNumbersService } from '../../messaging/admin-numbers.service';
import type { Tx } from '../../../database/unit-of-work';
import type { SecurityAlertSeverity } from '../entities/security-alert.entity';
import {
  SecurityAlertFilterField,
  SecurityAlertSortField,
  SecurityAlertsRepository,
  SecurityAlertWhere,
} from './security-alerts.repository';

const FILTER_MESSAGE = LIST_QUERY_MESSAGES.filter;
const ALERT_ID_MESSAGE = 'رقم التنبيه غير صحيح';

/** Repeats of the same alert (account and reason) within this window are counted, not sent. */
export const ALERT_COOLDOWN_MS = 15 * 60_000;

const ALERT_TITLES: Record<SecurityAlertType, string> = {
  geo_alert: 'دخول من دولة جديدة',
  geo_block: 'محاولة دخول من دولة غير مسموحة',
  account_frozen: 'تجميد حساب بعد محاولات فاشلة',
  failed_login: 'محاولات دخول فاشلة متكررة',
  security_breach: 'دخول طارئ إلى لوحة التحكم',
  code_attempts: 'رموز تحقق خاطئة متكررة',
  settings_changed: 'تغيير إعدادات الأمان',
};

/** Sent every time, never held back by the cooldown: each one is something an administrator did or must see. */
const ALWAYS_SENT: ReadonlySet<SecurityAlertType> = new Set(['security_breach', 'settings_changed']);

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

/** Security alerts: a row for the security tab and a WhatsApp message to every administrator. */
@Injectable()
export class SecurityAlertsService {
  constructor(
    private readonly repo: SecurityAlertsRepository,
    private readonly adminNumbers: AdminNumbersService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Records the alert and queues its message in the caller's transaction; returns the attempt ids. */
  async raise(tx: Tx, alert: NewSecurityAlert): Promise<void> {
    const manager = tx;
    const now = this.clock.now();
    // One alert per account, reason and country per 15 minutes: a repeat inside the cooldown is counted on the
    // last alert (metadata.repeats) and the next alert after it says how many there were. Emergency
    // access and settings changes are never held back.
    let repeatsBefore = 0;
    if (!ALWAYS_SENT.has(alert.alertType)) {
      const last = await this.repo.lastOfKind(manager, {
        alertType: alert.alertType,
        username: alert.username ?? null,
        countryCode: alert.countryCode ?? null,
      });
      if (last && now.getTime() - new Date(last.created_at).getTime() < ALERT_COOLDOWN_MS) {
        await this.repo.setRepeats(manager, last.id, last.repeats + 1);
        return;
      }
      if (last) repeatsBefore = last.repeats;
    }
    const row = await this.repo.insert(manager, {
      alertType: alert.alertType,
      severity: alert.severity,
      description: alert.description,
      username: alert.username ?? null,
      ipAddress: alert.ipAddress?.slice(0, 64) ?? null,
      country: alert.country ?? null,
      countryCode: alert.countryCode ?? null,
      metadata: repeatsBefore ? { ...(alert.metadata ?? {}), repeatsBefore } : (alert.metadata ?? null),
      createdAt: now,
    });
    const recipients = await this.adminNumbers.recipients();
    if (!recipients.length) return;
    await tx.send({
      templateKey: 'securityAlert',
      recipients,
      variables: {
        alertTitle: ALERT_TITLES[alert.alertType],
        username: alert.username ?? '—',
        details:
          (alert.country ? `${alert.description} (${alert.country})` : alert.description) +
          (repeatsBefore ? ` — وتكرر ${repeatsBefore} مرة بعد التنبيه السابق` : ''),
        ipAddress: alert.ipAddress ?? '—',
        time: `${riyadhDateString(now)} ${riyadhTimeString(now)}`,
      },
      reason: `security_${alert.alertType}`,
      subject: { type: 'security_alert', id: row.id },
    });
  }

  /** A page of alerts (GET /api/security/alerts); filter values are checked here. */
  async list(query: ListQuery<SecurityAlertSortField, SecurityAlertFilterField>): Promise<Page<SecurityAlertRow>> {
    const { resolved, severity, alertType } = query.filter;
    const where: SecurityAlertWhere = { ids: idsFilter(query.filter.id, ALERT_ID_MESSAGE) };
    if (resolved !== undefined && resolved !== null) {
      if (typeof resolved !== 'boolean')
        throw DomainException.validation({ resolved: 'قيمة المعالجة يجب أن تكون true أو false' }, FILTER_MESSAGE);
      where.resolved = resolved;
    }
    if (severity !== undefined && severity !== null && severity !== '') {
      if (typeof severity !== 'string' || !(SECURITY_ALERT_SEVERITIES as readonly string[]).includes(severity))
        throw DomainException.validation({ severity: 'درجة الخطورة غير معروفة' }, FILTER_MESSAGE);
      where.severity = severity;
    }
    if (alertType !== undefined && alertType !== null && alertType !== '') {
      if (typeof alertType !== 'string' || !(SECURITY_ALERT_TYPES as readonly string[]).includes(alertType))
        throw DomainException.validation({ alertType: 'نوع التنبيه غير معروف' }, FILTER_MESSAGE);
      where.alertType = alertType;
    }
    return this.repo.list(query, where);
  }

  /** One alert as the list shows it (react-admin's getOne). */
  async one(id: number): Promise<SecurityAlertRow> {
    const page = await this.repo.list({ sort: { field: 'createdAt', order: 'DESC' }, skip: 0, take: 1 }, { ids: [id] });
    if (!page.rows.length) throw DomainException.notFound('التنبيه الأمني غير موجود');
    return page.rows[0];
  }

  async resolve(id: number, by: string): Promise<void> {
    const found = await this.repo.find(id);
    if (!found) throw DomainException.notFound('التنبيه الأمني غير موجود');
    await this.repo.markResolved(id, this.clock.now(), by);
  }
}
