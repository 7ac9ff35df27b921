import type { DbScope } from '../../../database/db-scope';

/** Messaging's reads of requests (the sender's latest active request, a request by number), in the caller's transaction. */
export interface ActiveRequestLookup {
  latestActiveId(manager: DbScope, organizerPhone: string): Promise<number | null>;
  /**
   * True when a request with this number exists; it is then share-locked until the caller's transaction
   * ends, so it cannot be deleted between the check and the link.
   */
  exists(manager: DbScope, requestId: number): Promise<boolean>;
}

// Owned by messaging, provided by requests: requests already depends on messaging, so messaging names
// only this token and never imports the requests module (no import cycle).
export const ACTIVE_REQUEST_LOOKUP = Symbol('ActiveRequestLookup');
