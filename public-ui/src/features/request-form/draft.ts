import { EMPTY_FORM, type PinnedLocation, type RequestFormValues } from './form-state';

/**
 * The request form's draft, kept in this browser as the visitor types (a reload or a closed tab keeps
 * it) and removed once the request is created. Only this device holds it.
 */
const STORAGE_KEY = 'charity:request-draft:v1';

export interface RequestDraft {
  values: RequestFormValues;
  pinned: PinnedLocation | null;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const isEmpty = (values: RequestFormValues, pinned: PinnedLocation | null) =>
  !pinned &&
  (Object.keys(EMPTY_FORM) as (keyof RequestFormValues)[]).every((k) => JSON.stringify(values[k]) === JSON.stringify(EMPTY_FORM[k]));

/** The saved draft, with today's fields filled in from it (a field added since keeps its empty value). */
export function readDraft(): RequestDraft | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? 'null') as Partial<RequestDraft> | null;
    if (!parsed || typeof parsed.values !== 'object' || parsed.values === null) return null;
    const values = { ...EMPTY_FORM };
    for (const key of Object.keys(EMPTY_FORM) as (keyof RequestFormValues)[]) {
      const saved = (parsed.values as Partial<RequestFormValues>)[key];
      if (typeof saved === typeof EMPTY_FORM[key] && Array.isArray(saved) === Array.isArray(EMPTY_FORM[key]))
        (values as Record<string, unknown>)[key] = saved;
    }
    const pinned = parsed.pinned && typeof parsed.pinned.latitude === 'number' ? parsed.pinned : null;
    return { values, pinned };
  } catch {
    return null;
  }
}

export function saveDraft(values: RequestFormValues, pinned: PinnedLocation | null): void {
  try {
    if (isEmpty(values, pinned)) storage()?.removeItem(STORAGE_KEY);
    else storage()?.setItem(STORAGE_KEY, JSON.stringify({ values, pinned }));
  } catch {
    // Storage full or refused: the draft is simply not kept.
  }
}

export function clearDraft(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept
  }
}
