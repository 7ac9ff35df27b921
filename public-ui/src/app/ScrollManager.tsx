import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const MAIN_ID = 'main-content';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Scrolls to the element named by the hash, waiting a few frames for a page still loading. */
function scrollToHash(hash: string, smooth: boolean, focus: boolean): () => void {
  const id = decodeURIComponent(hash.slice(1));
  let frame = 0;
  let tries = 0;
  const attempt = () => {
    const element = document.getElementById(id);
    if (!element) {
      if (tries++ < 60) frame = requestAnimationFrame(attempt);
      return;
    }
    element.scrollIntoView({ behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'instant', block: 'start' });
    if (focus) element.focus({ preventScroll: true });
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}

/**
 * Scroll and focus on navigation: a new page starts at the top with the focus on the main region,
 * a section link scrolls to (and focuses) its section, back and forward restore the position.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const firstRender = useRef(true);
  const previousPath = useRef(location.pathname);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
  }, []);

  // Remember where the visitor was on each history entry, for back and forward.
  useEffect(() => {
    const key = location.key;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.current.set(key, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const isFirst = firstRender.current;
    const samePage = previousPath.current === location.pathname;
    firstRender.current = false;
    previousPath.current = location.pathname;

    if (navigationType === 'POP' && !isFirst) {
      const saved = positions.current.get(location.key);
      if (saved !== undefined) {
        window.scrollTo({ top: saved, behavior: 'instant' });
        return;
      }
    }
    if (location.hash) return scrollToHash(location.hash, samePage && !isFirst, !isFirst);
    if (!isFirst) {
      window.scrollTo({ top: 0, behavior: 'instant' });
      document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
    }
    // Only a change of history entry matters here; the other values are read at that moment.
  }, [location.key]);

  return null;
}

export { MAIN_ID };
