import { useEffect, useRef, useState } from 'react';
import { useDeskFilters } from './useDeskFilters';

/** How long typing pauses before the search is applied (as react-admin's own filter form). */
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The desk's search box state. It is applied after a pause, merged with the list's filters as they are
 * at that moment, and a tab click takes a pending search at once (`take`), so a tab chosen just after
 * typing keeps both its status and the search instead of one undoing the other.
 */
export function useDeskSearch() {
  const { filterValues, current, set } = useDeskFilters();
  const applied = typeof filterValues.q === 'string' ? filterValues.q : '';
  const [text, setText] = useState(applied);
  const timer = useRef<number | undefined>(undefined);
  // A search changed elsewhere (a link, a tab keeping it) shows in the box unless the admin is typing.
  useEffect(() => {
    if (timer.current === undefined) setText(applied);
  }, [applied]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const apply = (value: string) => {
    const { q: _previous, ...rest } = current();
    set(value.trim() ? { ...rest, q: value } : rest);
  };
  const change = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      apply(value);
    }, SEARCH_DEBOUNCE_MS);
  };
  const clear = () => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    setText('');
    apply('');
  };
  /** The search as typed, its pending application cancelled because the caller applies it now. */
  const take = (): string | undefined => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    return text.trim() ? text : undefined;
  };
  return { text, change, clear, take };
}
