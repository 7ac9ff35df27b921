import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain.exception';
import type { ListQuery, Page } from '../../../common/http/list-query';
import type { DaySummary, PickupRow, PickupStrip } from '../../../shared/api/pickups';
import { isRequestStatus, RequestStatus } from '../../../shared/labels';
import { dateRange, isFull, monthOf, PICKUP_MESSAGES, PICKUP_STRIP_DAYS, readDateParam, weekOf } from '../../../shared/pickups';
import { addDaysToDateString, riyadhDateString } from '../../../shared/time';
import { StatisticsService } from '../../reports/statistics/statistics.service';
import { PickupCapacityService } from './pickup-capacity.service';
import { PickupFilterField, PickupsRepository, PickupSortField } from './pickups.repository';
import { renderRunSheetPdf } from './run-sheet-pdf';

/** Most pickups a run sheet or the dashboard lists for a day (a day has a few dozen at most). */
const DAY_LIMIT = 500;

/**
 * The dispatcher's day (decisions.md "The dispatcher's day", "Dashboard order"): a date's pickups in
 * deadline order with where to go, the strip of days against the capacity, the printable run sheet
 * and the dashboard's opening figures. "Today" is Riyadh's, from the injectable clock.
 */
@Injectable()
export class PickupsService {
  constructor(
    private readonly repo: PickupsRepository,
    private readonly capacity: PickupCapacityService,
    private readonly statistics: StatisticsService,
    private readonly clock: Clock,
  ) {}

  today(): string {
    return riyadhDateString(this.clock.now());
  }

  /** A date parameter (absent: today in Riyadh); a malformed one is a 400 naming `field`. */
  dateOrToday(value: unknown, field = 'date'): string {
    const date = readDateParam(value);
    if (date === null) throw DomainException.validation({ [field]: PICKUP_MESSAGES.date }, PICKUP_MESSAGES.date);
    return date ?? this.today();
  }

  /** GET /api/admin/pickups: `?date=` or `filter={"date":…}`, optionally `filter={"status":…}`. */
  list(dateParam: unknown, query: ListQuery<PickupSortField, PickupFilterField>): Promise<Page<PickupRow>> {
    const date = this.dateOrToday(query.filter.date ?? dateParam);
    let statuses: RequestStatus[] | undefined;
    const status = query.filter.status;
    if (status !== undefined && status !== null && status !== '') {
      const wanted = Array.isArray(status) ? status : [status];
      if (!wanted.every(isRequestStatus)) throw DomainException.validation({ status: 'حالة الطلب غير صحيحة' }, 'حالة الطلب غير صحيحة');
      statuses = wanted as RequestStatus[];
    }
    return this.repo.onDate(date, { skip: query.skip, take: query.take, order: query.sort.order }, statuses);
  }

  /** GET /api/admin/pickups/strip: `days` dates from `from` (today), each with its count and whether it is full. */
  async strip(fromParam: unknown, daysParam: unknown): Promise<PickupStrip> {
    const from = this.dateOrToday(fromParam, 'from');
    const days = daysParam === undefined || daysParam === '' ? PICKUP_STRIP_DAYS : Number(daysParam);
    if (!Number.isInteger(days) || days < 1 || days > 60)
      throw DomainException.validation({ days: PICKUP_MESSAGES.days }, PICKUP_MESSAGES.days);
    const [capacity, counts] = await Promise.all([
      this.capacity.capacity(),
      this.repo.countsByDate(from, addDaysToDateString(from, days - 1)),
    ]);
    return {
      from,
      capacity,
      days: dateRange(from, days).map((date) => {
        const count = counts.get(date) ?? 0;
        return { date, count, full: isFull(count, capacity) };
      }),
    };
  }

  /** GET /api/admin/pickups/run-sheet: the date's run sheet as a PDF (drawn in about 10 ms per dozen pickups). */
  async runSheet(dateParam: unknown): Promise<{ fileName: string; pdf: Buffer }> {
    const date = this.dateOrToday(dateParam);
    const [page, capacity] = await Promise.all([
      this.repo.onDate(date, { skip: 0, take: DAY_LIMIT, order: 'ASC' }),
      this.capacity.capacity(),
    ]);
    const pdf = await renderRunSheetPdf({ date, pickups: page.rows, capacity, printedAt: this.clock.now() });
    return { fileName: `جدول-الاستلام-${date}.pdf`, pdf };
  }

  /** GET /api/admin/pickups/day: today's and tomorrow's pickups, the counters, this week's and month's completed figures. */
  async day(): Promise<DaySummary> {
    const today = this.today();
    const tomorrow = addDaysToDateString(today, 1);
    const week = weekOf(today);
    const month = monthOf(today);
    const [pickups, counts, figures, capacity] = await Promise.all([
      this.repo.onDates([today, tomorrow], DAY_LIMIT),
      this.repo.countByStatus(),
      this.statistics.completedByEventDate([week, month]),
      this.capacity.capacity(),
    ]);
    return {
      today,
      tomorrow,
      pickups: { today: pickups.filter((p) => p.eventDate === today), tomorrow: pickups.filter((p) => p.eventDate === tomorrow) },
      counts,
      week: figures[0],
      month: figures[1],
      capacity,
    };
  }
}
