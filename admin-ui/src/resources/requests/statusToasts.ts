import type { BulkResult } from '@shared/api/requests';
import { i18nProvider } from '../../providers/i18nProvider';

const T = 'app.desk.status_toasts';
const t = i18nProvider.translate;

/** The toast after one request's status changed; the spec's wording when the customer was told (decisions.md: only a customer who opted in is). */
export function singleStatusToast(cancelled: boolean, notified: boolean): string {
  if (cancelled) return t(`${T}.${notified ? 'cancel_notified' : 'cancel_not_notified'}`);
  return t(`${T}.${notified ? 'single_notified' : 'single_not_notified'}`);
}

/** The toast after a bulk status change, from the server's per-row outcomes and its count of notices. */
export function bulkStatusToast(result: BulkResult, label: string): { text: string; type: 'success' | 'warning' } {
  const changed = result.results.filter((r) => r.ok && r.changed).length;
  const unchanged = result.succeeded - changed;
  const notified = result.notified ?? 0;
  const parts: string[] = [];
  if (changed) {
    const told = notified >= changed ? 'changed_all' : notified === 0 ? 'changed_none' : 'changed_some';
    parts.push(t(`${T}.${told}`, { smart_count: changed, notified, label }));
  }
  if (unchanged) parts.push(t(`${T}.unchanged`, { smart_count: unchanged, label }));
  if (result.failed) parts.push(t(`${T}.failed`, { smart_count: result.failed }));
  return { text: parts.join(t(`${T}.separator`)), type: result.failed ? 'warning' : 'success' };
}
