import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { refusal } from '../../../../test/support/fakes';
import { newTestService, TEST_ADMIN as admin, TEST_META } from '../../../../test/support/test-service';
import { ExportTickets } from '../../reports/statistics/export-tickets';
import { StatisticsErrors } from '../../reports/statistics/statistics-errors';
import type { RequestSortField } from '../admin/requests-admin.repository';
import { RequestsExportRepository, type ExportedRequest } from './requests-export.repository';
import { RequestsExportService } from './requests-export.service';

const SORT = { field: 'createdAt' as RequestSortField, order: 'DESC' as const };

function setup(pages: () => AsyncGenerator<ExportedRequest[]> = async function* () {}) {
  // 22:00 UTC on the 29th is the 30th in Riyadh.
  const t = newTestService(RequestsExportService, { now: new Date('2026-11-29T22:00:00Z') });
  const tickets = t.mock(ExportTickets);
  tickets.redeem.mockResolvedValue(8);
  tickets.issue.mockResolvedValue('ticket-for-huda');
  t.mock(RequestsExportRepository).rows.mockImplementation(pages);
  return { ...t, tickets };
}

/** Collects what the export writes; `failure` is what it was cut with. */
function sink() {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const state: { failure?: Error } = {};
  out.on('error', (error) => (state.failure = error));
  return { out, chunks, state };
}

describe('RequestsExportService', () => {
  it('issues a ticket that opens only this export', async () => {
    const t = setup();
    expect(await t.sut.ticket(admin)).toBe('ticket-for-huda');
    expect(t.tickets.issue).toHaveBeenCalledWith(3, 'requests');
  });

  it('refuses a bad filter with 400 before the ticket is used, logging nothing', async () => {
    const t = setup();
    const error = await refusal(
      t.sut.prepare('ticket', { sort: SORT, filter: { eventDateFrom: '2026-12-10', eventDateTo: '2026-12-01' } }, TEST_META),
    );
    expect([error.status, error.message]).toEqual([400, 'تاريخ المناسبة (إلى) يجب ألا يسبق تاريخ المناسبة (من)']);
    expect(error.options.errors).toEqual({ eventDateTo: 'تاريخ المناسبة (إلى) يجب ألا يسبق تاريخ المناسبة (من)' });
    expect(t.tickets.redeem).not.toHaveBeenCalled();
    expect(t.activity.entries).toEqual([]);
  });

  it('logs the export as the ticket’s owner, with its filter, before anything is sent, and names the file by the Riyadh date', async () => {
    const t = setup();
    const filter = { status: 'confirmed', eventDateFrom: '2026-12-01' };
    const prepared = await t.sut.prepare('ticket', { sort: SORT, filter }, TEST_META);
    expect(t.tickets.redeem).toHaveBeenCalledWith('ticket', 'requests');
    expect(t.activity.entries).toEqual([
      {
        action: 'requests_exported',
        entityType: 'request',
        userId: 8,
        ipAddress: '10.0.0.5',
        userAgent: 'tablet',
        metadata: { filter, sort: SORT },
      },
    ]);
    expect(prepared.fileName).toBe('طلبات-2026-11-30.xlsx');
    expect(t.mock(RequestsExportRepository).rows).not.toHaveBeenCalled();
  });

  it('exports nothing and logs nothing for a used or unknown ticket', async () => {
    const t = setup();
    t.tickets.redeem.mockRejectedValue(StatisticsErrors.EXPORT_TICKET_INVALID());
    const error = await refusal(t.sut.prepare('used', { sort: SORT, filter: {} }, TEST_META));
    expect([error.status, error.code]).toEqual([403, 'EXPORT_TICKET_INVALID']);
    expect(t.activity.entries).toEqual([]);
  });

  it('streams the filtered rows as an Excel file', async () => {
    const t = setup();
    const prepared = await t.sut.prepare('ticket', { sort: SORT, filter: { status: 'confirmed' } }, TEST_META);
    const { out, chunks, state } = sink();
    await prepared.write(out);
    expect(t.mock(RequestsExportRepository).rows).toHaveBeenCalledWith(expect.objectContaining({ statuses: ['confirmed'] }), SORT);
    expect(state.failure).toBeUndefined();
    // An .xlsx is a ZIP archive.
    expect(Buffer.concat(chunks).subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('cuts the connection when reading fails mid-stream, so a partial file is never taken for a whole one', async () => {
    const t = setup(async function* () {
      yield []; // the first page (the sheet's header is already written), then the connection drops
      throw new Error('connection to the database lost');
    });
    const prepared = await t.sut.prepare('ticket', { sort: SORT, filter: {} }, TEST_META);
    const { out, state } = sink();
    await prepared.write(out);
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.destroyed).toBe(true);
    expect(state.failure?.message).toBe('connection to the database lost');
    expect(t.logLines.join('')).toContain('requests export failed mid-stream');
  });
});
