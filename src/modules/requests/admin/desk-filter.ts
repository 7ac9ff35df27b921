import { DomainException } from '../../../common/errors/domain.exception';
import { idsFilter } from '../../../common/http/list-query';
import { ACTIVE_STATUSES, isRequestStatus, RequestStatus } from '../../../shared/labels';
import { parseRequestSearch } from '../../../shared/request-search';
import { isValidDateString } from '../../../shared/time';
import type { DeskWhere, RequestFilterField } from './requests-admin.repository';

const MESSAGES = {
  status: 'حالة الطلب غير صحيحة',
  id: 'رقم الطلب غير صحيح',
  q: 'نص البحث يجب أن يكون نصاً',
  eventDateFrom: 'تاريخ المناسبة (من) غير صحيح: اختر تاريخاً صحيحاً',
  eventDateTo: 'تاريخ المناسبة (إلى) غير صحيح: اختر تاريخاً صحيحاً',
  range: 'تاريخ المناسبة (إلى) يجب ألا يسبق تاريخ المناسبة (من)',
  area: 'المنطقة غير صحيحة',
  importantPlace: 'المكان المهم غير صحيح',
  eventType: 'نوع المناسبة غير صحيح',
} as const;

const bad = (field: keyof typeof MESSAGES, key: string = field) => DomainException.validation({ [key]: MESSAGES[field] }, MESSAGES[field]);

/** An absent filter: not given, null or an empty string (a cleared box). */
const absent = (v: unknown) => v === undefined || v === null || v === '';

function date(value: unknown, field: 'eventDateFrom' | 'eventDateTo'): string | undefined {
  if (absent(value)) return undefined;
  // PostgreSQL has no year 0: a date before year 1 would be a 500, not a 400.
  if (!isValidDateString(value) || value.startsWith('0000')) throw bad(field);
  return value;
}

function text(value: unknown, field: 'area' | 'importantPlace' | 'eventType'): string | undefined {
  if (absent(value)) return undefined;
  if (typeof value !== 'string' || !value.trim()) throw bad(field);
  return value;
}

/**
 * Reads the desk's `filter` (already allow-listed by the list convention) into what narrows the list:
 * each value checked, each refusal a 400 in Arabic naming the field. The list and the export share it.
 */
export function deskWhereOf(filter: Partial<Record<RequestFilterField, unknown>>): DeskWhere {
  const { status, q, active, id } = filter;
  const statuses: RequestStatus[] = [];
  if (!absent(status)) {
    const wanted = Array.isArray(status) ? status : [status];
    if (!wanted.every(isRequestStatus)) throw bad('status');
    statuses.push(...(wanted as RequestStatus[]));
  }
  if (active === true) statuses.push(...ACTIVE_STATUSES.filter((s) => !statuses.includes(s)));
  const ids = idsFilter(id, MESSAGES.id);
  if (q !== undefined && q !== null && typeof q !== 'string') throw bad('q');
  const search = typeof q === 'string' ? (parseRequestSearch(q) ?? undefined) : undefined;
  const eventDateFrom = date(filter.eventDateFrom, 'eventDateFrom');
  const eventDateTo = date(filter.eventDateTo, 'eventDateTo');
  if (eventDateFrom && eventDateTo && eventDateFrom > eventDateTo) throw bad('range', 'eventDateTo');
  return {
    statuses,
    search,
    ids,
    eventDateFrom,
    eventDateTo,
    area: text(filter.area, 'area'),
    importantPlace: text(filter.importantPlace, 'importantPlace'),
    eventType: text(filter.eventType, 'eventType'),
  };
}
