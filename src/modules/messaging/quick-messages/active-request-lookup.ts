import type { EntityManager } from 'typeorm';

/** The id of the sender's latest active request, or null; read in the caller's transaction. */
export interface ActiveRequestLookup {
  latestActiveId(manager: EntityManager, organizerPhone: string): Promise<number | null>;
}

// Owned by messaging, provided by requests: requests already depends on messaging, so messaging names
// only this token and never imports the requests module (no import cycle).
export const ACTIVE_REQUEST_LOOKUP = Symbol('ActiveRequestLookup');
