import { Injectable } from '@nestjs/common';
import type { AdminPrincipal } from '../../../common/auth/current-admin.decorator';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { RequestMeta } from '../../../common/http/request-meta';
import type { PickupAvailabilityDay, PickupCapacity } from '../../../shared/api/pickups';
import { addDaysToDateString } from '../../../shared/time';
import { capacityFromSetting, dateRange, isFull, parseCapacity, PICKUP_MESSAGES } from '../../../shared/pickups';
import { ActivityLogService } from '../../../database/activity-log/activity-log.service';
import { SETTING_KEYS, SystemSettingsService } from '../../system/system-settings.service';
import { PickupsRepository } from './pickups.repository';
import { UnitOfWork } from '../../../database/unit-of-work';

/** How long a public availability answer is reused (the form's POST is the authority anyway). */
export const AVAILABILITY_CACHE_MS = 10_000;
const AVAILABILITY_CACHE_ENTRIES = 500;

/**
 * The daily pickup capacity (decisions.md "Pickup capacity"): the setting, kept in system_settings as
 * text (empty or missing: no limit), and the public availability computed from it. The refusal of a
 * full date happens in the public form's transaction (PublicRequestsService), under the date's lock.
 */
@Injectable()
export class PickupCapacityService {
  private readonly cache = new Map<string, { at: number; days: PickupAvailabilityDay[] }>();

  constructor(
    private readonly uow: UnitOfWork,
    private readonly repo: PickupsRepository,
    private readonly settings: SystemSettingsService,
    private readonly activity: ActivityLogService,
    private readonly clock: Clock,
  ) {}

  /** The current limit, null for none. */
  async capacity(): Promise<number | null> {
    return capacityFromSetting(await this.settings.value(SETTING_KEYS.pickupMaxPerDay));
  }

  async get(): Promise<PickupCapacity> {
    const row = await this.settings.get(SETTING_KEYS.pickupMaxPerDay);
    return {
      maxPerDay: capacityFromSetting(row?.value),
      updatedAt: row?.updatedAt ? row.updatedAt.toISOString() : null,
      updatedBy: row?.updatedBy ?? null,
    };
  }

  /** PUT: a whole number from 1 to 1000, or empty/null for no limit; logged with before and after. */
  async set(input: unknown, admin: AdminPrincipal | undefined, meta: RequestMeta) {
    const maxPerDay = parseCapacity(input);
    if (maxPerDay === undefined) throw DomainException.validation({ maxPerDay: PICKUP_MESSAGES.capacity }, PICKUP_MESSAGES.capacity);
    const before = await this.capacity();
    await this.uow.run(async (tx) => {
      await this.settings.set(
        SETTING_KEYS.pickupMaxPerDay,
        maxPerDay === null ? '' : String(maxPerDay),
        admin?.username ?? null,
        tx,
        'الحد الأقصى للاستلامات في اليوم (فارغ: بلا حد)',
      );
      await this.activity.record(tx, {
        action: 'pickup_capacity_updated',
        entityType: 'system_settings',
        entityId: SETTING_KEYS.pickupMaxPerDay,
        userId: admin?.userId ?? null,
        ipAddress: meta.ip,
        userAgent: meta.userAgent,
        metadata: { before, after: maxPerDay },
      });
    });
    this.cache.clear();
    return {
      success: true as const,
      message: maxPerDay === null ? 'أُلغي الحد اليومي للاستلامات' : `تم حفظ الحد اليومي للاستلامات: ${maxPerDay}`,
      capacity: await this.get(),
    };
  }

  /**
   * GET /api/pickup-availability: each date from `from` with whether it is full. Answers are kept
   * for 10 seconds per (from, days) in this process (at most 500), so a burst of visitors opening the
   * calendar costs one count per window.
   */
  async availability(from: string, days: number): Promise<PickupAvailabilityDay[]> {
    const key = `${from}:${days}`;
    const now = this.clock.now().getTime();
    const kept = this.cache.get(key);
    if (kept && now - kept.at < AVAILABILITY_CACHE_MS) return kept.days;
    const capacity = await this.capacity();
    const counts = capacity === null ? new Map<string, number>() : await this.repo.countsByDate(from, addDaysToDateString(from, days - 1));
    const answer = dateRange(from, days).map((date) => ({ date, full: isFull(counts.get(date) ?? 0, capacity) }));
    if (this.cache.size >= AVAILABILITY_CACHE_ENTRIES) this.cache.clear();
    this.cache.set(key, { at: now, days: answer });
    return answer;
  }
}
