import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { dataProvider } from './dataProvider';

// The real methods run down to fetch; only fetch is replaced by a recorder answering JSON.
interface Call {
  url: string;
  method: string;
  body: unknown;
}

const realFetch = globalThis.fetch;
let calls: Call[] = [];
let answers: Record<string, unknown> = {};

beforeEach(() => {
  calls = [];
  answers = {};
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ url, method: init.method ?? 'GET', body });
    const path = url.split('?')[0];
    return new Response(JSON.stringify(answers[path] ?? { id: 1, message: 'ok' }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
});

afterEach(() => {
  globalThis.fetch = realFetch;
});

const last = () => calls[calls.length - 1];

describe('the dataProvider custom methods', () => {
  const cases: [string, () => Promise<unknown>, string, string, unknown][] = [
    ['getRequestsSummary', () => dataProvider.getRequestsSummary(), 'GET', '/api/requests/summary', undefined],
    [
      'bulkRequests',
      () => dataProvider.bulkRequests([1, 2], { action: 'status', status: 'completed' }),
      'POST',
      '/api/requests/bulk',
      { ids: [1, 2], action: 'status', status: 'completed' },
    ],
    ['deleteRequest', () => dataProvider.deleteRequest(7, ' غير مناسب '), 'DELETE', '/api/requests/7', { reason: 'غير مناسب' }],
    ['deleteRequest (no reason)', () => dataProvider.deleteRequest(7, '  '), 'DELETE', '/api/requests/7', {}],
    [
      'changeRequestStatus',
      () => dataProvider.changeRequestStatus(7, { status: 'cancelled', cancellationReason: 'x' }),
      'PATCH',
      '/api/requests/7/status',
      { status: 'cancelled', cancellationReason: 'x' },
    ],
    ['getRequestHistory', () => dataProvider.getRequestHistory(7), 'GET', '/api/requests/7/history', undefined],
    ['getRequestNotes', () => dataProvider.getRequestNotes(7), 'GET', '/api/requests/7/notes', undefined],
    ['addRequestNote', () => dataProvider.addRequestNote(7, 'اتصلنا'), 'POST', '/api/requests/7/notes', { text: 'اتصلنا' }],
    ['getRequestMessages', () => dataProvider.getRequestMessages(7), 'GET', '/api/requests/7/messages', undefined],
    ['requestExportTicket', () => dataProvider.requestExportTicket(), 'POST', '/api/requests/export-ticket', undefined],
    ['restoreDeletedRequest', () => dataProvider.restoreDeletedRequest(3), 'POST', '/api/admin/deleted-requests/3/restore', undefined],
    ['resendMessage', () => dataProvider.resendMessage(9), 'POST', '/api/admin/messages/9/resend', undefined],
    ['getQuickMessageStats', () => dataProvider.getQuickMessageStats(), 'GET', '/api/admin/quick-messages/stats', undefined],
    ['deleteQuickMessages', () => dataProvider.deleteQuickMessages([4, 5]), 'DELETE', '/api/admin/quick-messages', { ids: [4, 5] }],
    [
      'replyToQuickMessage',
      () => dataProvider.replyToQuickMessage(4, 'شكراً'),
      'POST',
      '/api/admin/quick-messages/4/reply',
      { reply: 'شكراً' },
    ],
    [
      'changeQuickMessage',
      () => dataProvider.changeQuickMessage(4, { answered: true, requestId: 12 }),
      'PATCH',
      '/api/admin/quick-messages/4',
      { answered: true, requestId: 12 },
    ],
    ['retryQuickMessage', () => dataProvider.retryQuickMessage(4), 'POST', '/api/admin/quick-messages/4/retry', undefined],
    ['resolveSecurityAlert', () => dataProvider.resolveSecurityAlert(6), 'POST', '/api/security/alerts/6/resolve', undefined],
    ['getSecurityStatus', () => dataProvider.getSecurityStatus(), 'GET', '/api/security/status', undefined],
    ['unfreezeAccount', () => dataProvider.unfreezeAccount('admin'), 'POST', '/api/security/unfreeze', { username: 'admin' }],
    ['getSecuritySettings', () => dataProvider.getSecuritySettings(), 'GET', '/api/security/settings', undefined],
    ['getSystemSettings', () => dataProvider.getSystemSettings(), 'GET', '/api/system/settings', undefined],
    ['toggleVerification', () => dataProvider.toggleVerification(), 'POST', '/api/system/toggle-verification', undefined],
    ['getSiteBlockStatus', () => dataProvider.getSiteBlockStatus(), 'GET', '/api/system/site-blocked', undefined],
    ['toggleSiteBlock', () => dataProvider.toggleSiteBlock('صيانة'), 'POST', '/api/system/toggle-site-block', { reason: 'صيانة' }],
    ['getAdminNumbers', () => dataProvider.getAdminNumbers(), 'GET', '/api/admin/whatsapp-numbers', undefined],
    [
      'saveAdminNumbers',
      () => dataProvider.saveAdminNumbers(['+966501234567']),
      'POST',
      '/api/admin/whatsapp-numbers',
      { numbers: ['+966501234567'] },
    ],
    [
      'sendTestMessage',
      () => dataProvider.sendTestMessage({ testNumber: '0501234567' }),
      'POST',
      '/api/admin/test-whatsapp-single',
      { testNumber: '0501234567' },
    ],
    ['sendTestBroadcast', () => dataProvider.sendTestBroadcast(), 'POST', '/api/admin/test-whatsapp-broadcast', undefined],
    ['getTemplateInfo', () => dataProvider.getTemplateInfo(), 'GET', '/api/admin/template-info', undefined],
    ['setTemplateMode', () => dataProvider.setTemplateMode(false), 'POST', '/api/admin/toggle-template-mode', { useTemplates: false }],
    ['getFailedMessages', () => dataProvider.getFailedMessages(), 'GET', '/api/admin/messages/failed', undefined],
    [
      'saveAutoResponseVariable',
      () => dataProvider.saveAutoResponseVariable('website', 'x.sa'),
      'POST',
      '/api/admin/whatsapp/auto-response-variables',
      { key: 'website', value: 'x.sa' },
    ],
    [
      'saveContentText',
      () => dataProvider.saveContentText('site_title', 'عنوان'),
      'POST',
      '/api/content',
      { key: 'site_title', value: 'عنوان', type: 'text' },
    ],
    [
      'saveDropdownLists',
      () => dataProvider.saveDropdownLists({ eventTypes: [], foodTypes: [] }),
      'PUT',
      '/api/admin/dropdown-options',
      { eventTypes: [], foodTypes: [] },
    ],
    ['getLocations', () => dataProvider.getLocations(), 'GET', '/api/admin/simple-locations', undefined],
    ['newVolunteerLink', () => dataProvider.newVolunteerLink(7), 'POST', '/api/admin/volunteers/7/new-link', undefined],
    [
      'addDistrict',
      () => dataProvider.addDistrict('الشاطئ', 'yanbu_city'),
      'POST',
      '/api/admin/simple-locations/districts',
      { name: 'الشاطئ', areaValue: 'yanbu_city' },
    ],
    ['deleteDistrict', () => dataProvider.deleteDistrict(3), 'DELETE', '/api/admin/simple-locations/districts/3', undefined],
    [
      'getStatistics (daily)',
      () => dataProvider.getStatistics({ period: 'daily', date: '2026-05-01' }),
      'GET',
      '/api/statistics?period=daily&date=2026-05-01',
      undefined,
    ],
    [
      'getStatistics (monthly)',
      () => dataProvider.getStatistics({ period: 'monthly', year: 2026, month: 5 }),
      'GET',
      '/api/statistics?period=monthly&year=2026&month=5',
      undefined,
    ],
    [
      'generateStatistics',
      () => dataProvider.generateStatistics({ period: 'all_time' }),
      'POST',
      '/api/statistics/generate',
      { period: 'all_time' },
    ],
    ['resetHomepageFigures', () => dataProvider.resetHomepageFigures(), 'DELETE', '/api/admin/homepage-statistics', undefined],
    [
      'saveFoodCalculationSettings',
      () => dataProvider.saveFoodCalculationSettings({ formulaMultiplier: 0.7 }),
      'PUT',
      '/api/admin/food-calculation-settings',
      { formulaMultiplier: 0.7 },
    ],
    ['getPickupStrip', () => dataProvider.getPickupStrip('2026-05-01'), 'GET', '/api/admin/pickups/strip?from=2026-05-01', undefined],
    ['getDaySummary', () => dataProvider.getDaySummary(), 'GET', '/api/admin/pickups/day', undefined],
    ['savePickupCapacity', () => dataProvider.savePickupCapacity(null), 'PUT', '/api/admin/pickup-capacity', { maxPerDay: null }],
  ];

  it.each(cases)('%s calls its path with its method and body', async (_name, call, method, url, body) => {
    const result = (await call()) as { data: unknown };
    expect(last()).toEqual({ url, method, body });
    expect(result).toHaveProperty('data');
  });

  it('answers the server JSON as data', async () => {
    answers['/api/requests/7/status'] = { message: 'تم', changed: true, notified: false };
    await expect(dataProvider.changeRequestStatus(7, { status: 'completed' })).resolves.toEqual({
      data: { message: 'تم', changed: true, notified: false },
    });
  });

  it('reads the desk filter options from the two option lists', async () => {
    answers['/api/dropdown-options'] = { eventTypes: [{ value: 'w', label: 'زواج' }], importantPlaces: [] };
    answers['/api/simple-location-options'] = { areas: [{ value: 'n', name: 'الشمال' }] };
    const { data } = await dataProvider.getDeskFilterOptions();
    expect(calls.map((c) => `${c.method} ${c.url}`).sort()).toEqual(['GET /api/dropdown-options', 'GET /api/simple-location-options']);
    expect(data).toEqual({ eventTypes: [{ value: 'w', label: 'زواج' }], importantPlaces: [], areas: [{ value: 'n', label: 'الشمال' }] });
  });

  it('fails with the server Arabic message', async () => {
    globalThis.fetch = (async () =>
      new Response(JSON.stringify({ statusCode: 409, code: 'NOT_FAILED', message: 'لا يمكن إعادة إرسال رسالة لم يفشل إرسالها' }), {
        status: 409,
      })) as typeof fetch;
    await expect(dataProvider.retryQuickMessage(4)).rejects.toMatchObject({
      status: 409,
      message: 'لا يمكن إعادة إرسال رسالة لم يفشل إرسالها',
    });
  });

  it('the export URLs carry a one-time ticket, never the session, with the list or period asked for', async () => {
    answers['/api/requests/export-ticket'] = { ticket: 't-1' };
    const { data: desk } = await dataProvider.getRequestsExportUrl({ status: 'received' }, { field: 'eventDate', order: 'ASC' });
    expect(last()).toEqual({ url: '/api/requests/export-ticket', method: 'POST', body: undefined });
    const deskUrl = new URL(desk, 'http://admin');
    expect(deskUrl.pathname).toBe('/api/requests/export');
    expect(Object.fromEntries(deskUrl.searchParams)).toEqual({ auth: 't-1', filter: '{"status":"received"}', sort: '["eventDate","ASC"]' });

    answers['/api/statistics/export-ticket'] = { ticket: 't-2' };
    const { data: statistics } = await dataProvider.getStatisticsExportUrl({ period: 'daily', date: '2026-05-01' });
    expect(statistics).toBe('/api/statistics/export?auth=t-2&download=1&period=daily&date=2026-05-01');
  });

  it("getRunSheet downloads the date's run sheet with the session", async () => {
    const { data } = await dataProvider.getRunSheet('2026-05-01');
    expect(last()).toMatchObject({ url: '/api/admin/pickups/run-sheet?date=2026-05-01', method: 'GET' });
    expect(data).toBeInstanceOf(Blob);
  });

  it('getFile answers the body as a blob, or the server reason', async () => {
    const { data } = await dataProvider.getFile('/api/admin/certificates/2/download');
    expect(last()).toMatchObject({ url: '/api/admin/certificates/2/download', method: 'GET' });
    expect(data).toBeInstanceOf(Blob);
    globalThis.fetch = (async () => new Response(JSON.stringify({ message: 'الطلب لم يكتمل بعد' }), { status: 409 })) as typeof fetch;
    await expect(dataProvider.getFile('/api/admin/requests/2/certificate')).rejects.toMatchObject({ message: 'الطلب لم يكتمل بعد' });
  });
});

describe("the dataProvider's record writes", () => {
  it.each([
    ['requests', '/api/requests/5'],
    ['emergency-codes', '/api/admin/emergency-access-codes/5'],
    ['impact-reports', '/api/admin/impact-reports/5'],
  ])('update of %s is a PATCH of the fields sent', async (resource, url) => {
    await dataProvider.update(resource, { id: 5, data: { isActive: false }, previousData: { id: 5 } });
    expect(last()).toEqual({ url, method: 'PATCH', body: { isActive: false } });
  });

  it('reads the lists without a record page of their own on their API_PATHS entries', async () => {
    await dataProvider
      .getList('pickups', {
        pagination: { page: 1, perPage: 500 },
        sort: { field: 'collectionDeadline', order: 'ASC' },
        filter: { date: '2026-05-01' },
      })
      .catch(() => undefined); // the recorder sends no Content-Range: only the URL matters here
    const pickups = new URL(last().url, 'http://admin');
    expect(pickups.pathname).toBe('/api/admin/pickups');
    expect(Object.fromEntries(pickups.searchParams)).toEqual({
      filter: '{"date":"2026-05-01"}',
      range: '[0,499]',
      sort: '["collectionDeadline","ASC"]',
    });
    await dataProvider
      .getList('activity-logs', { pagination: { page: 1, perPage: 50 }, sort: { field: 'createdAt', order: 'DESC' }, filter: {} })
      .catch(() => undefined);
    expect(new URL(last().url, 'http://admin').pathname).toBe('/api/activity-logs');
  });

  it('important places: the whole list, and writes answering the record react-admin keeps', async () => {
    const hall = { id: 4, value: 'place_x', label: 'قاعة', group: 'wedding', isActive: true, latitude: null, longitude: null };
    answers['/api/admin/important-places'] = [hall];
    await expect(
      dataProvider.getList('important-places', { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' }, filter: {} }),
    ).resolves.toEqual({
      data: [hall],
      total: 1,
    });
    expect(last()).toEqual({ url: '/api/admin/important-places', method: 'GET', body: undefined });

    answers['/api/admin/important-places'] = { success: true, message: 'تمت إضافة المكان بنجاح', place: hall };
    await expect(dataProvider.create('important-places', { data: { label: 'قاعة', group: 'wedding' } })).resolves.toEqual({ data: hall });
    expect(last()).toEqual({ url: '/api/admin/important-places', method: 'POST', body: { label: 'قاعة', group: 'wedding' } });

    answers['/api/admin/important-places/4'] = { success: true, message: 'تم تحديث المكان بنجاح' };
    await expect(
      dataProvider.update('important-places', { id: 4, data: { label: 'قاعة', isActive: false }, previousData: hall }),
    ).resolves.toEqual({ data: { ...hall, isActive: false } });
    expect(last()).toEqual({ url: '/api/admin/important-places/4', method: 'PUT', body: { label: 'قاعة', isActive: false } });

    await expect(dataProvider.delete('important-places', { id: 4, previousData: hall })).resolves.toEqual({ data: hall });
    expect(last()).toEqual({ url: '/api/admin/important-places/4', method: 'DELETE', body: undefined });
  });

  it('create and delete follow the simple-REST convention on the resource path', async () => {
    await dataProvider.create('emergency-codes', { data: { masterCode: 'A' } });
    expect(last()).toEqual({ url: '/api/admin/emergency-access-codes', method: 'POST', body: { masterCode: 'A' } });
    await dataProvider.delete('emergency-codes', { id: 5 });
    expect(last()).toEqual({ url: '/api/admin/emergency-access-codes/5', method: 'DELETE', body: undefined });
    await dataProvider.create('impact-reports', { data: { title: 'ت' } });
    expect(last()).toEqual({ url: '/api/admin/impact-reports', method: 'POST', body: { title: 'ت' } });
  });
});
