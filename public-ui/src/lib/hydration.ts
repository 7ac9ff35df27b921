import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a page is pre-rendered at build time and while the browser hydrates that HTML, true
 * afterwards (and from the start when the page was not pre-rendered). What the visitor's browser alone
 * knows (storage, the clock, the request form's dates) renders only once this is true, so the first
 * render in the browser matches the HTML it hydrates.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
