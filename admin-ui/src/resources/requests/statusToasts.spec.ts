import { describe, expect, it } from '@jest/globals';
import type { BulkResult } from '@shared/api/requests';
import { bulkStatusToast, singleStatusToast } from './statusToasts';

const bulk = (rows: Array<[boolean, boolean, boolean]>): BulkResult => {
  const results = rows.map(([ok, changed, notified], i) => ({ id: i + 1, ok, ...(ok ? { changed, notified } : {}) }));
  const succeeded = results.filter((r) => r.ok).length;
  return { success: true, results, succeeded, failed: rows.length - succeeded, notified: results.filter((r) => r.notified).length };
};

describe('status-change toasts say whether the customer was told on WhatsApp', () => {
  it('keeps the spec wording when the customer opted in, and says why not otherwise', () => {
    expect(singleStatusToast(false, true)).toBe('تم تحديث حالة الطلب وإرسال إشعار واتساب للعميل');
    expect(singleStatusToast(true, true)).toBe('تم إلغاء الطلب وإشعار العميل');
    expect(singleStatusToast(false, false)).toBe('تم تحديث حالة الطلب، ولم يُرسل إشعار واتساب لأن العميل لم يوافق على رسائل واتساب');
    expect(singleStatusToast(true, false)).toContain('لم يوافق على رسائل واتساب');
  });

  it('counts the customers told in a bulk change, the unchanged rows and the failures', () => {
    expect(
      bulkStatusToast(
        bulk([
          [true, true, true],
          [true, true, true],
        ]),
        'مؤكد',
      ).text,
    ).toBe('تم تحديث طلبين إلى «مؤكد» وإشعار العميلين عبر واتساب');
    expect(
      bulkStatusToast(
        bulk([
          [true, true, true],
          [true, true, false],
        ]),
        'مؤكد',
      ).text,
    ).toBe('تم تحديث طلبين إلى «مؤكد»، وأُشعر عبر واتساب أحد العميلين (الآخر لم يوافق على رسائل واتساب)');
    expect(bulkStatusToast(bulk([[true, true, false]]), 'مؤكد').text).toBe(
      'تم تحديث طلب واحد إلى «مؤكد» دون إشعار واتساب، لأن العميل لم يوافق على رسائل واتساب',
    );
    const mixed = bulkStatusToast(
      bulk([
        [true, false, false],
        [false, false, false],
      ]),
      'مؤكد',
    );
    expect(mixed).toEqual({ text: 'كان طلب واحد على «مؤكد» من قبل فلم يتغير ولم يُرسل إشعار؛ تعذّر تحديث طلب واحد', type: 'warning' });
  });

  it('says the numbers as Arabic counts them: 3–10 «طلبات», 11–99 «طلبًا», 100 «طلب»', () => {
    const rows = (n: number, told: number): Array<[boolean, boolean, boolean]> =>
      Array.from({ length: n }, (_, i) => [true, true, i < told] as [boolean, boolean, boolean]);
    expect(bulkStatusToast(bulk(rows(3, 2)), 'مؤكد').text).toBe(
      'تم تحديث 3 طلبات إلى «مؤكد»، وأُشعر عبر واتساب 2 من 3 عملاء (الباقون لم يوافقوا على رسائل واتساب)',
    );
    expect(bulkStatusToast(bulk(rows(12, 0)), 'مكتمل').text).toBe(
      'تم تحديث 12 طلبًا إلى «مكتمل» دون إشعار واتساب، لأن العملاء لم يوافقوا على رسائل واتساب',
    );
    expect(bulkStatusToast(bulk(rows(100, 100)), 'مكتمل').text).toBe('تم تحديث 100 طلب إلى «مكتمل» وإشعار العملاء عبر واتساب');
    const unchanged = bulk(Array.from({ length: 2 }, () => [true, false, false] as [boolean, boolean, boolean]));
    expect(bulkStatusToast(unchanged, 'مؤكد').text).toBe('كان طلبان على «مؤكد» من قبل فلم يتغيرا ولم يُرسل إشعار');
  });
});
