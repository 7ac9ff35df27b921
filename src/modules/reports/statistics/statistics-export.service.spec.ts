import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_META, TEST_NOW } from '../../../../test/support/test-service';
import { emptyStatusCounts, foodFigures, type PeriodKey, type StatisticsReport } from '../../../shared/statistics';
import { FoodCalculationRepository } from '../food/food-calculation.repository';
import { ExportTickets } from './export-tickets';
import { StatisticsExportService } from './statistics-export.service';
import { StatisticsRepository } from './statistics.repository';
import { StatisticsService } from './statistics.service';

/** What the tickets keep in Redis; `down` fails every command as a lost connection. */
class FakeRedis {
  store = new Map<string, string>();
  down = false;
  async set(key: string, value: string) {
    if (this.down) throw new Error('Connection is closed.');
    this.store.set(key, value);
    return 'OK';
  }
  async getdel(key: string) {
    if (this.down) throw new Error('Connection is closed.');
    const value = this.store.get(key) ?? null;
    this.store.delete(key);
    return value;
  }
}

const INVALID = 'رابط التصدير غير صالح أو منتهي الصلاحية أو استُخدم من قبل، اطلب التصدير من جديد';

function report(key: PeriodKey): StatisticsReport {
  const date = key.period === 'daily' ? key.date : key.period === 'monthly' ? `${key.year}-${String(key.month).padStart(2, '0')}-01` : null;
  return {
    period: key.period,
    date,
    endDate: null,
    generatedAt: TEST_NOW.toISOString(),
    statusCounts: { ...emptyStatusCounts(), completed: 9, received: 3 },
    totalRequests: 12,
    successRate: 100,
    food: foodFigures(40, 0, 0),
    eventTypes: [],
  };
}

function setup() {
  const redis = new FakeRedis();
  // The real tickets over an in-memory Redis: "once" and "whose" are what the export relies on.
  const t = newTestService(StatisticsExportService, { provide: [[ExportTickets, new ExportTickets(redis as never)]] });
  const statistics = t.mock(StatisticsService);
  statistics.compute.mockImplementation(async (key) => report(key));
  t.mock(FoodCalculationRepository).rule.mockResolvedValue({ method: 'formula', manualAmount: 0, multiplier: 0.5 });
  return { ...t, redis, statistics, repo: t.mock(StatisticsRepository) };
}

describe('StatisticsExportService.prepare', () => {
  it("exports under the name of the administrator the ticket was issued to, and logs the period's figures", async () => {
    const t = setup();
    const ticket = await t.sut.ticket(admin);
    const file = await t.sut.prepare(
      ticket,
      { period: 'daily', date: '2026-11-28' },
      { ip: '10.0.0.9', userAgent: 'browser', requestId: 'r' },
    );
    expect(file.fileName).toBe('إحصائيات-يومية-2026-11-28.xlsx');
    expect(t.activity.entries).toEqual([
      {
        action: 'statistics_exported',
        entityType: 'statistics',
        entityId: '2026-11-28',
        userId: 3,
        ipAddress: '10.0.0.9',
        userAgent: 'browser',
        metadata: { period: 'daily', requests: 12 },
      },
    ]);
    expect(t.uow.commits).toBe(1);
  });

  it('accepts a ticket once: the second download with it is refused with 403 and nothing logged', async () => {
    const t = setup();
    const ticket = await t.sut.ticket(admin);
    await t.sut.prepare(ticket, { period: 'all_time' }, TEST_META);
    const error = await refusal(t.sut.prepare(ticket, { period: 'all_time' }, TEST_META));
    expect([error.status, error.code, error.message]).toEqual([403, 'EXPORT_TICKET_INVALID', INVALID]);
    expect(t.statistics.compute).toHaveBeenCalledTimes(1);
    expect(t.activity.entries).toHaveLength(1);
  });

  it.each([[undefined], ['short'], ['a'.repeat(43)], [{ ticket: 'x' }]])(
    'refuses a missing, malformed or unknown ticket %j with 403 before computing anything',
    async (auth) => {
      const t = setup();
      const error = await refusal(t.sut.prepare(auth, { period: 'all_time' }, TEST_META));
      expect([error.status, error.code, error.message]).toEqual([403, 'EXPORT_TICKET_INVALID', INVALID]);
      expect(t.statistics.compute).not.toHaveBeenCalled();
      expect(t.activity.entries).toEqual([]);
      expect(t.uow.commits).toBe(0);
    },
  );

  it('answers 503 in Arabic, not a 500, when the tickets cannot be kept or read', async () => {
    const t = setup();
    t.redis.down = true;
    const issue = await refusal(t.sut.ticket(admin));
    expect([issue.status, issue.code, issue.message]).toEqual([
      503,
      'EXPORT_UNAVAILABLE',
      'التصدير غير متاح حالياً، حاول مرة أخرى بعد قليل',
    ]);
    const redeem = await refusal(t.sut.prepare('a'.repeat(43), { period: 'all_time' }, TEST_META));
    expect([redeem.status, redeem.code]).toEqual([503, 'EXPORT_UNAVAILABLE']);
  });

  it.each([
    [{ period: 'monthly', year: 2026, month: 3 }, 'إحصائيات-شهرية-2026-03.xlsx', '2026-03-01'],
    [{ period: 'all_time' }, 'إحصائيات-كل-الفترات.xlsx', 'all_time'],
  ] as [PeriodKey, string, string][])('names the file of %j in Arabic after its period', async (key, fileName, entityId) => {
    const t = setup();
    const file = await t.sut.prepare(await t.sut.ticket(admin), key, TEST_META);
    expect(file.fileName).toBe(fileName);
    expect(t.activity.entries[0].entityId).toBe(entityId);
  });
});

describe('StatisticsExportService write', () => {
  it('cuts the download (destroys the stream with the error) when reading the requests fails mid-file', async () => {
    const t = setup();
    t.repo.exportRows.mockImplementation(async function* () {
      yield [];
      throw new Error('connection reset');
    });
    const file = await t.sut.prepare(await t.sut.ticket(admin), { period: 'all_time' }, TEST_META);
    const out = new Writable({ write: (_chunk, _encoding, done) => done() });
    const closed = new Promise<Error | undefined>((resolve) => out.on('error', resolve));
    await file.write(out);
    expect((await closed)?.message).toBe('connection reset');
    expect(out.destroyed).toBe(true);
    expect(t.logLines.join('')).toContain('statistics export failed mid-stream');
  });
});
