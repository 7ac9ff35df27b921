import type { RequestStatus } from '../../../shared/labels';
import type { DbScope } from '../../../database/db-scope';

/** A request as the WhatsApp status answer names it. */
export interface RequestStatusAnswer {
  id: number;
  status: RequestStatus;
  organizerName: string;
  eventTypeLabel: string;
  /** YYYY-MM-DD. */
  eventDate: string;
  cancellationReason: string | null;
  /** The host's link token while the link opens; null once it has expired. */
  linkToken: string | null;
}

/**
 * A phone's request for the status answer: its latest, or the one with a given number when it is this
 * phone's (another phone's number is no answer at all). Read in the caller's transaction.
 */
export interface RequestStatusLookup {
  forPhone(manager: DbScope, organizerPhone: string, requestNumber: number | null, now: Date): Promise<RequestStatusAnswer | null>;
}

// Owned by messaging, provided by requests (as ACTIVE_REQUEST_LOOKUP): messaging never imports requests.
export const REQUEST_STATUS_LOOKUP = Symbol('RequestStatusLookup');
