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
    ['bulkRequests', () => dataProvider.bulkRequests([1, 2], { action: 'status', status: 'completed' }), 'POST', '/api/requests/bulk', { ids: [1, 2], action: 'status', status: 'completed' }],
    ['deleteRequest', () => dataProvider.deleteRequest(7, ' غير مناسب '), 'DELETE', '/api/requests/7', { reason: 'غير مناسب' }],
    ['deleteRequest (no reason)', () => dataProvider.deleteRequest(7, '  '), 'DELETE', '/api/requests/7', {}],
    ['changeRequestStatus', () => dataProvider.changeRequestStatus(7, { status: 'cancelled', cancellationReason: 'x' }), 'PATCH', '/api/requests/7/status', { status: 'cancelled', cancellationReason: 'x' }],
    ['getRequestHistory', () => dataProvider.getRequestHistory(7), 'GET', '/api/requests/7/history', undefined],
    ['getRequestNotes', () => dataProvider.getRequestNotes(7), 'GET', '/api/requests/7/notes', undefined],
    ['addRequestNote', () => dataProvider.addRequestNote(7, 'اتصلنا'), 'POST', '/api/requests/7/notes', { text: 'اتصلنا' }],
    ['getRequestMessages', () => dataProvider.getRequestMessages(7), 'GET', '/api/requests/7/messages', undefined],
    ['requestExportTicket', () => dataProvider.requestExportTicket(), 'POST', '/api/requests/export-ticket', undefined],
    ['restoreDeletedRequest', () => dataProvider.restoreDeletedRequest(3), 'POST', '/api/admin/deleted-requests/3/restore', undefined],
    ['resendMessage', () => dataProvider.resendMessage(9), 'POST', '/api/admin/messages/9/resend', undefined],
    ['getQuickMessageStats', () => dataProvider.getQuickMessageStats(), 'GET', '/api/admin/quick-messages/stats', undefined],
    ['deleteQuickMessages', () => dataProvider.deleteQuickMessages([4, 5]), 'DELETE', '/api/admin/quick-messages', { ids: [4, 5] }],
    ['replyToQuickMessage', () => dataProvider.replyToQuickMessage(4, 'شكراً'), 'POST', '/api/admin/quick-messages/4/reply', { reply: 'شكراً' }],
    ['changeQuickMessage', () => dataProvider.changeQuickMessage(4, { answered: true, requestId: 12 }), 'PATCH', '/api/admin/quick-messages/4', { answered: true, requestId: 12 }],
    ['retryQuickMessage', () => dataProvider.retryQuickMessage(4), 'POST', '/api/admin/quick-messages/4/retry', undefined],
    ['resolveSecurityAlert', () => dataProvider.resolveSecurityAlert(6), 'POST', '/api/security/alerts/6/resolve', undefined],
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
    await expect(dataProvider.retryQuickMessage(4)).rejects.toMatchObject({ status: 409, message: 'لا يمكن إعادة إرسال رسالة لم يفشل إرسالها' });
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

  it('create and delete follow the simple-REST convention on the resource path', async () => {
    await dataProvider.create('emergency-codes', { data: { masterCode: 'A' } });
    expect(last()).toEqual({ url: '/api/admin/emergency-access-codes', method: 'POST', body: { masterCode: 'A' } });
    await dataProvider.delete('emergency-codes', { id: 5 });
    expect(last()).toEqual({ url: '/api/admin/emergency-access-codes/5', method: 'DELETE', body: undefined });
    await dataProvider.create('impact-reports', { data: { title: 'ت' } });
    expect(last()).toEqual({ url: '/api/admin/impact-reports', method: 'POST', body: { title: 'ت' } });
  });
});
