import type { RequestStatus } from '../labels';
import type { StatusActorType } from './requests';

/** One step of the host's timeline: the request arriving, then each status change. */
export interface SelfServiceStep {
  status: RequestStatus;
  statusLabel: string;
  /** Who made the change (the request's arrival is the host's). */
  actorType: StatusActorType;
  actorLabel: string;
  /** A cancellation's reason; null otherwise. */
  reason: string | null;
  /** ISO instant; the page shows it in Riyadh time, Gregorian and Hijri. */
  at: string;
  /** The same instant in Riyadh: its calendar date (YYYY-MM-DD) and 24-hour time (HH:MM). */
  riyadh: { date: string; time: string };
}

/**
 * GET /api/self-service/{token}: the host's own request, with nothing personal beyond what the host
 * wrote about the event (no name, phone or e-mail; no administrator's name).
 */
export interface SelfServiceView {
  requestNumber: number;
  status: RequestStatus;
  statusLabel: string;
  /** Oldest first. */
  history: SelfServiceStep[];
  event: {
    typeLabel: string;
    /** YYYY-MM-DD (Riyadh). */
    date: string;
    /** HH:MM, 24-hour. */
    endTime: string;
    attendeeCount: number;
    /** The important place's label, or the address the host wrote. */
    place: string;
    foodTypeLabels: string[];
  };
  /** End of the collection window: the event's end + 2 hours (ISO instant). */
  collectionDeadline: string;
  cancel: {
    allowed: boolean;
    /** The last instant cancelling is allowed (ISO): 4 hours before the event's end. */
    until: string;
  };
  /** The charity's phone (content key contact_phone), or null when not set. */
  charityPhone: string | null;
}

/** POST /api/self-service/{token}/cancel's answer (200): cancelled now, or already before. */
export interface SelfServiceCancelResult {
  changed: boolean;
  message: string;
  request: SelfServiceView;
}
