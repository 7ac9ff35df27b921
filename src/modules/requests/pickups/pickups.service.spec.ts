import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService } from '../../../../test/support/test-service';
import type { ListQuery } from '../../../common/http/list-query';
import type { PickupRow } from '../../../shared/api/pickups';
import { StatisticsService } from '../../reports/statistics/statistics.service';
import { PickupCapacityService } from './pickup-capacity.service';
import type { PickupFilterField, PickupSortField } from './pickups.repository';
import { PickupsRepository } from './pickups.repository';
import { PickupsService } from './pickups.service';

const DATE_MESSAGE = 'التاريخ يجب أن يكون بالشكل YYYY-MM-DD';
const DAYS_MESSAGE = 'عدد الأيام يجب أن يكون رقماً صحيحاً من 1 إلى 60';

/** 21:30 UTC on Sunday the 29th is already Monday the 30th, 00:30, in Riyadh. */
const LATE_EVENING_UTC = new Date('2026-11-29T21:30:00Z');

function setup(capacity: number | null = 3) {
  const t = newTestService(PickupsService, { now: LATE_EVENING_UTC });
  const repo = t.mock(PickupsRepository);
  repo.onDate.mockResolvedValue({ rows: [], total: 0 });
  repo.countsByDate.mockResolvedValue(new Map([['2026-12-01', 3]]));
  t.mock(PickupCapacityService).capacity.mockResolvedValue(capacity);
  return { ...t, repo };
}

const query = (filter: ListQuery<PickupSortField, PickupFilterField>['filter']): ListQuery<PickupSortField, PickupFilterField> => ({
  sort: { field: 'collectionDeadline', order: 'ASC' },
  skip: 0,
  take: 25,
  filter,
});

describe('PickupsService: the day it shows', () => {
  it('defaults to today in Riyadh, not the server’s date', async () => {
    const t = setup();
    await t.sut.list(undefined, query({}));
    expect(t.repo.onDate).toHaveBeenCalledWith('2026-11-30', { skip: 0, take: 25, order: 'ASC' }, undefined);
  });

  it('takes the filter’s date over the query parameter', async () => {
    const t = setup();
    await t.sut.list('2026-12-05', query({ date: '2026-12-06' }));
    expect(t.repo.onDate.mock.calls[0][0]).toBe('2026-12-06');
  });

  it.each([['30/11/2026'], ['2026-02-30'], [42]])('refuses a malformed date %p with 400 naming the field', async (date) => {
    const t = setup();
    const error = await refusal((async () => t.sut.list(date, query({})))());
    expect([error.status, error.message, error.options.errors]).toEqual([400, DATE_MESSAGE, { date: DATE_MESSAGE }]);
    expect(t.repo.onDate).not.toHaveBeenCalled();
  });

  it('narrows the list to known statuses and refuses an unknown one in Arabic', async () => {
    const t = setup();
    await t.sut.list(undefined, query({ status: ['confirmed', 'reviewing'] }));
    expect(t.repo.onDate.mock.calls[0][2]).toEqual(['confirmed', 'reviewing']);
    const error = await refusal((async () => t.sut.list(undefined, query({ status: 'collected' })))());
    expect([error.status, error.message]).toEqual([400, 'حالة الطلب غير صحيحة']);
  });
});

describe('PickupsService.strip', () => {
  it('shows 14 days from today (Riyadh), each with its count and whether it reached the capacity', async () => {
    const t = setup(3);
    const strip = await t.sut.strip(undefined, undefined);
    expect(t.repo.countsByDate).toHaveBeenCalledWith('2026-11-30', '2026-12-13');
    expect([strip.from, strip.capacity, strip.days.length]).toEqual(['2026-11-30', 3, 14]);
    expect(strip.days.slice(0, 3)).toEqual([
      { date: '2026-11-30', count: 0, full: false },
      { date: '2026-12-01', count: 3, full: true },
      { date: '2026-12-02', count: 0, full: false },
    ]);
  });

  it('marks no day full when there is no capacity', async () => {
    const t = setup(null);
    const strip = await t.sut.strip('2026-12-01', '1');
    expect(strip.days).toEqual([{ date: '2026-12-01', count: 3, full: false }]);
  });

  it.each([['0'], ['61'], ['1.5'], ['abc']])('refuses %p days with 400 naming the field', async (days) => {
    const t = setup();
    const error = await refusal(t.sut.strip(undefined, days));
    expect([error.status, error.message, error.options.errors]).toEqual([400, DAYS_MESSAGE, { days: DAYS_MESSAGE }]);
  });

  it('names a malformed start date as «from»', async () => {
    const t = setup();
    const error = await refusal(t.sut.strip('tomorrow', undefined));
    expect(error.options.errors).toEqual({ from: DATE_MESSAGE });
  });
});

describe('PickupsService.day', () => {
  it('splits today’s and tomorrow’s pickups by Riyadh date and asks for this week’s (Saturday to Friday) and this month’s figures', async () => {
    const t = setup(5);
    t.repo.onDates.mockResolvedValue([
      { id: 1, eventDate: '2026-11-30' },
      { id: 2, eventDate: '2026-12-01' },
    ] as PickupRow[]);
    const statistics = t.mock(StatisticsService);
    statistics.completedByEventDate.mockResolvedValue([
      { from: '2026-11-28', to: '2026-12-04', completed: 2, kg: 40, families: 8 },
      { from: '2026-11-01', to: '2026-11-30', completed: 9, kg: 200, families: 40 },
    ]);
    const day = await t.sut.day();
    expect(t.repo.onDates).toHaveBeenCalledWith(['2026-11-30', '2026-12-01'], 500);
    expect(statistics.completedByEventDate).toHaveBeenCalledWith([
      { from: '2026-11-28', to: '2026-12-04' },
      { from: '2026-11-01', to: '2026-11-30' },
    ]);
    expect([day.today, day.tomorrow, day.capacity]).toEqual(['2026-11-30', '2026-12-01', 5]);
    expect([day.pickups.today.map((p) => p.id), day.pickups.tomorrow.map((p) => p.id)]).toEqual([[1], [2]]);
  });
});

describe('PickupsService.runSheet', () => {
  it('prints today’s (Riyadh) pickups in deadline order as a PDF named after the date', async () => {
    const t = setup();
    const sheet = await t.sut.runSheet(undefined);
    expect(t.repo.onDate).toHaveBeenCalledWith('2026-11-30', { skip: 0, take: 500, order: 'ASC' });
    expect(sheet.fileName).toBe('جدول-الاستلام-2026-11-30.pdf');
    expect(sheet.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
