import { useEffect } from 'react';
import { useNotify } from 'react-admin';
import { takeArrivalNotice } from '../providers/session';

/** Shows, once, the notice the light login page left for the admin (e.g. an emergency session's hour). */
export function useArrivalNotice(): void {
  const notify = useNotify();
  useEffect(() => {
    const key = takeArrivalNotice();
    if (key) notify(key, { type: 'warning' });
  }, [notify]);
}
