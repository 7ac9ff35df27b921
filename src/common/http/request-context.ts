import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is calling, for the activity log: set when a request arrives, completed by the session guard. */
export interface RequestContextStore {
  ip: string;
  userAgent: string;
  userId?: number;
  /** Set when a service wrote its own activity row for this call (the audit interceptor then adds none). */
  activityRecorded?: boolean;
}

export const requestContext = new AsyncLocalStorage<RequestContextStore>();

export function currentRequest(): RequestContextStore | undefined {
  return requestContext.getStore();
}
