/**
 * The content screen's dropdown lists (spec: admin-side section 5): an entry is trimmed; empty and
 * duplicate entries are ignored. The same rules run in the admin app (on Enter or the add button) and
 * on the server (on save).
 */
export const MAX_LIST_ENTRIES = 100;
export const MAX_ENTRY_LENGTH = 200;

/** The list with `raw` added at the end, or the same list when `raw` is empty or already there. */
export function addEntry(list: readonly string[], raw: string): string[] {
  const entry = raw.trim().replace(/\s+/g, ' ');
  if (!entry || list.some((e) => e === entry)) return [...list];
  return [...list, entry];
}

/** Trimmed, without empties or duplicates, in the given order. */
export function normaliseList(list: readonly string[]): string[] {
  return list.reduce<string[]>((acc, raw) => addEntry(acc, raw), []);
}

/**
 * A stable stored value for a new label (requests store the value, screens show the label): a short
 * hash of the label, so saving the same list twice never creates two values.
 */
export function valueForLabel(label: string): string {
  let h = 0x811c9dc5;
  for (const ch of label) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `opt_${h.toString(36)}`;
}
