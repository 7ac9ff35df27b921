import { Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { defineErrors } from '../../../common/errors/define-errors';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import {
  SECURITY_SETTINGS_DEFAULTS,
  SECURITY_SETTINGS_LABELS,
  SECURITY_SETTINGS_MESSAGES as M,
  type SecuritySettings,
} from '../../../shared/security-settings';
import { UnitOfWork } from '../../../database/unit-of-work';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { SecurityAlertsService } from '../alerts/security-alerts.service';
import { GeoIpService } from '../geo/geoip.service';
import type { SecuritySettingsDto } from './security-settings.dto';
import { SecuritySettingsRepository } from './security-settings.repository';

export const SecuritySettingsErrors = defineErrors({
  SETTINGS_WOULD_LOCK_OUT: { status: 409, message: M.lockout('دولتك الحالية') },
});

const FIELDS = ['allowedCountries', 'geoAlertEnabled', 'maxFailedAttempts', 'freezeDurationMinutes'] as const;
type Field = (typeof FIELDS)[number];

const regionNames = new Intl.DisplayNames(['ar'], { type: 'region' });
const countryList = (codes: readonly string[]) => codes.map((code) => regionNames.of(code) ?? code).join('، ');

/** One changed setting in Arabic, for the administrators' alert. */
function describeChange(field: Field, before: SecuritySettings, after: SecuritySettings): string {
  const label = SECURITY_SETTINGS_LABELS[field];
  if (field === 'allowedCountries') {
    const added = after.allowedCountries.filter((c) => !before.allowedCountries.includes(c));
    const removed = before.allowedCountries.filter((c) => !after.allowedCountries.includes(c));
    const parts = [added.length ? `أُضيفت ${countryList(added)}` : '', removed.length ? `حُذفت ${countryList(removed)}` : ''];
    return `${label}: ${parts.filter(Boolean).join('، و')} (القائمة الآن: ${countryList(after.allowedCountries)})`;
  }
  if (field === 'geoAlertEnabled') return `${label}: ${after.geoAlertEnabled ? 'فُعّل' : 'أُوقف'}`;
  return `${label}: من ${before[field]} إلى ${after[field]}`;
}

/** The alert's text goes into a WhatsApp template variable: a very long country list is cut. */
const clip = (text: string) => (text.length > 700 ? `${text.slice(0, 699)}…` : text);

/** Countries are a set: the same ones in another order are the same value. */
const sameValue = (a: SecuritySettings[Field], b: SecuritySettings[Field]) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v) => b.includes(v)) : a === b;

/**
 * The countries in a stable order, whatever order they were sent in: those already allowed keep their
 * place, new ones follow as the administrator listed them; so a list sent again in another order is stored as it was.
 */
const orderCountries = (before: readonly string[], given: readonly string[]) => [
  ...before.filter((code) => given.includes(code)),
  ...given.filter((code) => !before.includes(code)),
];

/**
 * The security policy (decisions.md "Security settings are editable"): allowed countries, geo alerts,
 * failures before a freeze, freeze minutes. It is one policy for every account, kept on every
 * account_security_status row (SecuritySettingsRepository). A change is written, logged with its before
 * and after, and alerted to every administrator number in one transaction; a list of countries that
 * does not hold the editor's own country is refused, since their next login would be.
 */
@Injectable()
export class SecuritySettingsService {
  constructor(
    private readonly repo: SecuritySettingsRepository,
    private readonly uow: UnitOfWork,
    private readonly geo: GeoIpService,
    private readonly alerts: SecurityAlertsService,
    private readonly activity: ActivityLogService,
  ) {}

  async get(): Promise<SecuritySettings> {
    return (await this.repo.current()) ?? SECURITY_SETTINGS_DEFAULTS;
  }

  async update(
    input: SecuritySettingsDto,
    admin: AdminPrincipal,
    meta: RequestMeta,
  ): Promise<{ message: string; settings: SecuritySettings }> {
    const given = FIELDS.filter((field) => input[field] !== undefined);
    if (!given.length) throw DomainException.validation({}, M.nothingToChange);
    const where = await this.geo.lookup(meta.ip);
    // Loopback and private addresses have no country and are always allowed (geo module).
    if (input.allowedCountries && where && !input.allowedCountries.includes(where.countryCode)) {
      const message = M.lockout(where.country);
      throw SecuritySettingsErrors.SETTINGS_WOULD_LOCK_OUT(message, {
        errors: { allowedCountries: message },
        details: { currentCountry: where.countryCode },
      });
    }
    return this.uow.run(async (tx) => {
      await this.repo.lock(tx);
      const before = (await this.repo.current(tx)) ?? SECURITY_SETTINGS_DEFAULTS;
      const after: SecuritySettings = { ...before };
      for (const field of given) Object.assign(after, { [field]: input[field] });
      if (input.allowedCountries) after.allowedCountries = orderCountries(before.allowedCountries, input.allowedCountries);
      const changed = given.filter((field) => !sameValue(before[field], after[field]));
      if (!changed.length) return { message: M.unchanged, settings: before };
      await this.repo.applyToAll(tx, after, admin.username);
      await this.activity.record(tx, {
        action: 'security_settings_updated',
        entityType: 'security_settings',
        userId: admin.userId,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        metadata: { changes: Object.fromEntries(changed.map((field) => [field, { before: before[field], after: after[field] }])) },
      });
      await this.alerts.raise(tx, {
        alertType: 'settings_changed',
        severity: 'high',
        description: clip(
          `غيّر ${admin.username} إعدادات الأمان: ${changed.map((field) => describeChange(field, before, after)).join('؛ ')}`,
        ),
        username: admin.username,
        ipAddress: meta.ip,
        country: where?.country,
        countryCode: where?.countryCode,
        metadata: { fields: changed },
      });
      return { message: M.saved, settings: after };
    });
  }
}
