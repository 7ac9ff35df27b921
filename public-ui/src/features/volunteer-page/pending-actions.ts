/**
 * A volunteer's actions pressed while the connection was down (a driver outside a wedding hall with no
 * signal), kept in this browser (localStorage) until the server has answered them, then sent in the
 * order pressed. The server answers a repeated action as the first, so sending one twice changes nothing.
 */
import type { VolunteerStep } from '@shared/api/volunteers';
import type { VolunteerAction } from './api';

const STORAGE_KEY = 'charity:volunteer-actions:v1';

export interface PendingAction {
  token: string;
  requestId: number;
  action: VolunteerAction;
  savedAt: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Store | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const KINDS = new Set(['on-the-way', 'collected', 'not-collected']);

function isPending(value: unknown): value is PendingAction {
  const p = value as PendingAction | null;
  return (
    typeof p?.token === 'string' &&
    typeof p.requestId === 'number' &&
    typeof p.action === 'object' &&
    p.action !== null &&
    KINDS.has(p.action.kind) &&
    (p.action.kind === 'on-the-way' || typeof (p.action as { body?: unknown }).body === 'object')
  );
}

/** Every kept action of this link, oldest first. */
export function readPendingActions(token: string, store: Store | null = storage()): PendingAction[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPending).filter((p) => p.token === token) : [];
  } catch {
    return [];
  }
}

function readAll(store: Store | null): PendingAction[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isPending) : [];
  } catch {
    return [];
  }
}

function write(list: PendingAction[], store: Store | null): void {
  try {
    if (list.length) store?.setItem(STORAGE_KEY, JSON.stringify(list));
    else store?.removeItem(STORAGE_KEY);
  } catch {
    // Storage full or refused: the action stays in memory for this visit only.
  }
}

const same = (a: PendingAction, token: string, requestId: number, kind: string) =>
  a.token === token && a.requestId === requestId && a.action.kind === kind;

/** Keeps an action (a second press of the same one on the same pickup replaces the first). */
export function keepPendingAction(entry: PendingAction, store: Store | null = storage()): void {
  write([...readAll(store).filter((p) => !same(p, entry.token, entry.requestId, entry.action.kind)), entry], store);
}

/** Forgets an action once the server has answered it. */
export function dropPendingAction(token: string, requestId: number, kind: VolunteerAction['kind'], store: Store | null = storage()): void {
  write(
    readAll(store).filter((p) => !same(p, token, requestId, kind)),
    store,
  );
}

/**
 * The step a card offers while actions wait: a kept «في الطريق» already leads to collecting; a kept
 * collected or not-collected leaves nothing to press ('waiting').
 */
export function shownStep(step: VolunteerStep, waiting: readonly VolunteerAction[]): VolunteerStep | 'waiting' {
  if (step === 'done') return step;
  if (waiting.some((a) => a.kind !== 'on-the-way')) return 'waiting';
  if (step === 'set_out' && waiting.some((a) => a.kind === 'on-the-way')) return 'collect';
  return step;
}
