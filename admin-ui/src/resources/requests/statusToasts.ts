import type { BulkResult } from '@shared/api/requests';

/** Why no notice went out (decisions.md: only a customer who opted in is told). */
const NOT_OPTED_IN = 'لأن العميل لم يوافق على رسائل واتساب';

/** The toast after one request's status changed; the spec's wording when the customer was told. */
export function singleStatusToast(cancelled: boolean, notified: boolean): string {
  if (cancelled) return notified ? 'تم إلغاء الطلب وإشعار العميل' : `تم إلغاء الطلب، ولم يُرسل إشعار واتساب ${NOT_OPTED_IN}`;
  return notified ? 'تم تحديث حالة الطلب وإرسال إشعار واتساب للعميل' : `تم تحديث حالة الطلب، ولم يُرسل إشعار واتساب ${NOT_OPTED_IN}`;
}

const requestsCount = (n: number) => (n === 1 ? 'طلب واحد' : `${n} طلبات`);

/** The toast after a bulk status change, from the server's per-row outcomes and its count of notices. */
export function bulkStatusToast(result: BulkResult, label: string): { text: string; type: 'success' | 'warning' } {
  const changed = result.results.filter((r) => r.ok && r.changed).length;
  const unchanged = result.succeeded - changed;
  const notified = result.notified ?? 0;
  const parts: string[] = [];
  if (changed) {
    const notice =
      notified >= changed
        ? ' وإشعار العملاء عبر واتساب'
        : notified === 0
          ? ` دون إشعار واتساب، ${changed === 1 ? NOT_OPTED_IN : 'لأن العملاء لم يوافقوا على رسائل واتساب'}`
          : `، وأُشعر عبر واتساب ${notified} من ${changed} عملاء (الباقون لم يوافقوا على رسائل واتساب)`;
    parts.push(`تم تحديث ${requestsCount(changed)} إلى «${label}»${notice}`);
  }
  if (unchanged) {
    const was = unchanged === 1 ? 'كان طلب واحد' : `كانت ${unchanged} طلبات`;
    parts.push(`${was} على «${label}» من قبل فلم ${unchanged === 1 ? 'يتغير' : 'تتغير'} ولم يُرسل إشعار`);
  }
  if (result.failed) parts.push(`تعذّر تحديث ${requestsCount(result.failed)}`);
  return { text: parts.join('؛ '), type: result.failed ? 'warning' : 'success' };
}
