import { afterEach, describe, expect, it } from '@jest/globals';
import { ApiError, NetworkError } from '../../lib/api';
import { CorruptReportError, fetchImpactReport, IMPACT_ERRORS, impactErrorText, parseReportData } from './api';

const realFetch = globalThis.fetch;

/** What the page shows for a load of the report that answered with `answer` (a fetch that throws: no connection). */
async function textShownFor(answer: () => Promise<Response>): Promise<string> {
  globalThis.fetch = answer as typeof fetch;
  const error = await fetchImpactReport('SomeShareToken').then(
    () => null,
    (e: unknown) => e,
  );
  return impactErrorText(error);
}

describe('the shared impact report page’s errors', () => {
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('reads a report whose figures are not numbers (a row of an older shape) as corrupt, and says so', () => {
    expect(() => parseReportData('{"totalRequests": "كثير"}')).toThrow(CorruptReportError);
    expect(() => parseReportData('not json')).toThrow(CorruptReportError);
    let error: unknown;
    try {
      parseReportData('{"totalRequests": "كثير"}');
    } catch (e) {
      error = e;
    }
    expect(impactErrorText(error)).toBe('بيانات التقرير تالفة');
  });

  // These two were each a page load in test/e2e/impact-reports.e2e-spec.ts (the corrupt report stays there).
  it('says «فشل في تحميل التقرير» when the server fails, «فشل في الاتصال بالخادم» without a connection', async () => {
    expect(await textShownFor(async () => new Response('{"statusCode":500}', { status: 500 }))).toBe('فشل في تحميل التقرير');
    expect(
      await textShownFor(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe('فشل في الاتصال بالخادم');
    expect(impactErrorText(new NetworkError(new TypeError('x')))).toBe(IMPACT_ERRORS.network);
  });

  it('says the unknown link’s text for a 404', async () => {
    expect(await textShownFor(async () => new Response('{"statusCode":404}', { status: 404 }))).toBe('تقرير غير موجود أو منتهي الصلاحية');
    expect(impactErrorText(new ApiError(404, 'Not Found', ''))).toBe(IMPACT_ERRORS.notFound);
  });
});
