import type { FastifyReply } from 'fastify';
import { DomainException } from '../errors/domain.exception';
import { MAX_ID } from './id-param.pipe';

/**
 * react-admin's simple-REST list convention (ra-data-simple-rest), parsed in one place:
 *   ?sort=["field","ASC"]&range=[0,24]&filter={"status":"received","q":"…"}
 * Each resource declares which fields may be sorted and filtered; anything else is a 400 in the
 * Arabic envelope naming the parameter. Answers carry `Content-Range: items 0-24/N` (decisions.md).
 */
export interface ListSpec<S extends string, F extends string> {
  /** The resource's name (for messages and docs; Content-Range always says "items"). */
  resource: string;
  sortable: readonly S[];
  defaultSort: { field: S; order: 'ASC' | 'DESC' };
  filterable: readonly F[];
  /** Largest page a client may ask for. */
  maxPageSize?: number;
  defaultPageSize?: number;
}

export interface ListQuery<S extends string, F extends string> {
  sort: { field: S; order: 'ASC' | 'DESC' };
  /** Rows to skip and rows to take (from range=[start,end], inclusive). */
  skip: number;
  take: number;
  filter: Partial<Record<F, unknown>>;
}

export interface RawListParams {
  sort?: unknown;
  range?: unknown;
  filter?: unknown;
}

/** The Arabic messages of bad list parameters; services checking filter values use `filter`. */
export const LIST_QUERY_MESSAGES = {
  sort: 'معامل الترتيب غير صحيح',
  range: 'معامل نطاق الصفحة غير صحيح',
  filter: 'معامل التصفية غير صحيح',
} as const;

/** An unpaired UTF-16 surrogate (PostgreSQL cannot store it). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function bad(param: keyof typeof LIST_QUERY_MESSAGES, detail?: string): DomainException {
  return DomainException.validation({ [param]: detail ?? LIST_QUERY_MESSAGES[param] }, detail ?? LIST_QUERY_MESSAGES[param]);
}

function parseJson(param: keyof typeof LIST_QUERY_MESSAGES, raw: unknown): unknown {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string' || raw.length > 2000) throw bad(param);
  try {
    return JSON.parse(raw);
  } catch {
    throw bad(param);
  }
}

export function parseListQuery<S extends string, F extends string>(spec: ListSpec<S, F>, raw: RawListParams): ListQuery<S, F> {
  const maxPage = spec.maxPageSize ?? 100;
  const defaultPage = spec.defaultPageSize ?? 25;

  let sort = spec.defaultSort;
  const sortValue = parseJson('sort', raw.sort);
  if (sortValue !== undefined) {
    if (!Array.isArray(sortValue) || sortValue.length !== 2) throw bad('sort');
    const [field, order] = sortValue as unknown[];
    if (typeof field !== 'string' || !(spec.sortable as readonly string[]).includes(field))
      throw bad('sort', 'لا يمكن الترتيب حسب هذا الحقل');
    if (order !== 'ASC' && order !== 'DESC') throw bad('sort', 'اتجاه الترتيب يجب أن يكون ASC أو DESC');
    sort = { field: field as S, order };
  }

  let skip = 0;
  let take = defaultPage;
  const rangeValue = parseJson('range', raw.range);
  if (rangeValue !== undefined) {
    if (!Array.isArray(rangeValue) || rangeValue.length !== 2) throw bad('range');
    const [start, end] = rangeValue as unknown[];
    if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) throw bad('range');
    const s = start as number;
    const e = end as number;
    if (s < 0 || e < s || s > 1_000_000_000) throw bad('range');
    if (e - s + 1 > maxPage) throw bad('range', `لا يمكن طلب أكثر من ${maxPage} صفاً في الصفحة الواحدة`);
    skip = s;
    take = e - s + 1;
  }

  const filter: Partial<Record<F, unknown>> = {};
  const filterValue = parseJson('filter', raw.filter);
  if (filterValue !== undefined) {
    if (filterValue === null || typeof filterValue !== 'object' || Array.isArray(filterValue)) throw bad('filter');
    for (const [key, value] of Object.entries(filterValue as Record<string, unknown>)) {
      if (!(spec.filterable as readonly string[]).includes(key)) throw bad('filter', 'لا يمكن التصفية حسب هذا الحقل');
      // Only scalars (or short lists of scalars, for "id in") reach a repository.
      const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
      if (!(scalar(value) || (Array.isArray(value) && value.length <= 1000 && value.every(scalar)))) throw bad('filter');
      if (typeof value === 'string' && value.length > 200) throw bad('filter', 'نص البحث طويل جداً');
      // PostgreSQL refuses NUL and unpaired surrogates in text: answer 400 here, not 500 there.
      if (typeof value === 'string' && (value.includes('\u0000') || LONE_SURROGATE.test(value)))
        throw bad('filter', 'نص البحث يحتوي على رموز غير صالحة');
      filter[key as F] = value;
    }
  }
  return { sort, skip, take, filter };
}

export interface Page<T> {
  rows: T[];
  total: number;
}

/** Sets Content-Range for a page (exposed to the browser by CORS config and same-origin anyway). */
export function sendPage<T>(reply: FastifyReply, _spec: { resource: string }, query: { skip: number }, page: Page<T>): T[] {
  const end = page.rows.length ? query.skip + page.rows.length - 1 : query.skip;
  reply.header('Content-Range', `items ${query.skip}-${end}/${page.total}`);
  reply.header('Access-Control-Expose-Headers', 'Content-Range');
  return page.rows;
}

/** Most ids one `filter={"id":[…]}` may name (react-admin's getMany asks for what a page references). */
const MAX_FILTER_IDS = 100;

/**
 * The list's `id` filter, as react-admin's getMany sends it (`filter={"id":[1,2]}`, or one id): the ids,
 * undefined when absent, or 400 with `message` under `id` (not whole numbers of int4, or too many).
 */
export function idsFilter(value: unknown, message: string): number[] | undefined {
  if (value === undefined || value === null) return undefined;
  const ids = Array.isArray(value) ? value : [value];
  const valid = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n > 0 && n <= MAX_ID;
  if (!ids.length || ids.length > MAX_FILTER_IDS || !ids.every(valid)) throw DomainException.validation({ id: message }, message);
  return ids;
}
