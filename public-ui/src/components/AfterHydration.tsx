import type { ReactNode } from 'react';
import { useHydrated } from '../lib/hydration';

/** Renders its children only in the browser, after hydration (see useHydrated); the fallback before. */
export function AfterHydration({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useHydrated() ? children : fallback;
}
