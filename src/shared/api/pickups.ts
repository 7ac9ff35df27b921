import type { RequestStatus } from '../labels';

/** One pickup of «جدول الاستلام» (GET /api/admin/pickups?date=…), in collection-deadline order. */
export interface PickupRow {
  id: number;
  organizerName: string;
  organizerPhone: string;
  eventTypeLabel: string;
  /** YYYY-MM-DD (Riyadh). */
  eventDate: string;
  /** HH:MM, 24-hour. */
  endTime: string;
  /** End of the collection window (event end + 2 h), as an instant. */
  collectionDeadline: string;
  attendeeCount: number;
  foodTypeLabels: string[];
  status: RequestStatus;
  statusLabel: string;
  /** The important place's label, or the district (and area), or the address. */
  place: string;
  /** The full address when it says more than `place`. */
  address: string | null;
  landmarks: string | null;
  locationPhone: string | null;
  /** The request's GPS point, else its important place's position; null when neither is known. */
  latitude: number | null;
  longitude: number | null;
  coordinatesFrom: 'gps' | 'place' | null;
  /** The volunteer collecting it; the phone as 05XXXXXXXX. */
  volunteerId: number | null;
  volunteerName: string | null;
  volunteerPhone: string | null;
  additionalNotes: string | null;
}

/** One day of the dispatcher's strip: its pickups (not cancelled) against the capacity. */
export interface PickupStripDay {
  date: string;
  count: number;
  full: boolean;
}

/** GET /api/admin/pickups/strip?from=…&days=… */
export interface PickupStrip {
  from: string;
  /** null: no daily limit. */
  capacity: number | null;
  days: PickupStripDay[];
}

/** GET /api/pickup-availability: one entry per date. */
export interface PickupAvailabilityDay {
  date: string;
  full: boolean;
}

/** GET/PUT /api/admin/pickup-capacity. */
export interface PickupCapacity {
  /** null: no daily limit. */
  maxPerDay: number | null;
  updatedAt: string | null;
  updatedBy: string | null;
}

/** Completed pickups of a period with the food they saved (weighed, else the estimate) and the families it feeds. */
export interface CompletedFigures {
  from: string;
  to: string;
  completed: number;
  kg: number;
  families: number;
}

/** GET /api/admin/pickups/day: what the dashboard opens on, in one call. */
export interface DaySummary {
  today: string;
  tomorrow: string;
  pickups: { today: PickupRow[]; tomorrow: PickupRow[] };
  /** Counters per status (all requests). */
  counts: Record<RequestStatus, number> & { all: number };
  week: CompletedFigures;
  month: CompletedFigures;
  capacity: number | null;
}
