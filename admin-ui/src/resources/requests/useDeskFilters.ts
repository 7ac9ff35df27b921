import { useEffect, useLayoutEffect, useRef } from 'react';
import { useListContext } from 'react-admin';

type Filter = Record<string, unknown>;

/** What a desk control last asked react-admin for, until the list shows it (one desk on a page). */
let asked: { key: string; filter: Filter; at: number } | undefined;
/** Past this, a change the list never showed (the page left, the address changed) is forgotten. */
const ASKED_TTL_MS = 2_000;

const clean = (filter: Filter): Filter =>
  Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined && v !== null && v !== ''));
const keyOf = (filter: Filter) =>
  JSON.stringify(
    Object.keys(filter)
      .sort()
      .map((k) => [k, filter[k]]),
  );

/**
 * The desk's filters for its controls (the tabs, the search, the filter bar). react-admin applies a
 * change on its next tick and shows it a render later; a second control used in between would start
 * from the filters before the first change and undo it (a tab chosen, then the search cleared, lost the
 * tab). So every control starts from what was last asked, until the list shows it.
 */
export function useDeskFilters() {
  const { filterValues, setFilters } = useListContext();
  const shown = keyOf(clean(filterValues));
  // What the list shows now, for a control's callback that runs later (the search's pause).
  const latest = useRef<Filter>(filterValues);
  // react-admin's setFilters of this render: it changes the list params as this render knew them, so a
  // callback that runs later (the search's pause) must take the newest, or it would undo a sort (or a
  // page size) chosen in between.
  const setFiltersNow = useRef(setFilters);
  useLayoutEffect(() => {
    latest.current = filterValues;
    setFiltersNow.current = setFilters;
    if (asked?.key === shown) asked = undefined;
  }, [filterValues, shown, setFilters]);
  useEffect(
    () => () => {
      asked = undefined;
    },
    [],
  );
  const current = (): Filter => (asked && Date.now() - asked.at < ASKED_TTL_MS ? asked.filter : latest.current);
  const set = (next: Filter) => {
    const filter = clean(next);
    asked = { key: keyOf(filter), filter, at: Date.now() };
    setFiltersNow.current(filter, {});
  };
  return { filterValues, current, set };
}
