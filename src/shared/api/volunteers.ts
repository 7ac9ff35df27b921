// The volunteers and drivers (decisions.md, wave 4, "Volunteers"): the admin resource «المتطوعون».
// The server, the admin app and the public site read these shapes from here.
import type { RequestStatus } from '../labels';
import type { CollectionChecks, NotCollectedReason } from '../volunteer';

/** A volunteer as the admin list and show screens read it (GET /api/admin/volunteers, list convention). */
export interface VolunteerRow {
  id: number;
  name: string;
  /** E.164, +9665XXXXXXXX. */
  whatsapp: string;
  /** simple_areas values they serve; empty: every area. */
  areas: string[];
  /** The areas' Arabic names, in the same order. */
  areaNames: string[];
  vehicle: string | null;
  notes: string | null;
  active: boolean;
  /** Whether WhatsApp messages may reach them: their opt-in stands (a STOP/إيقاف revokes it). */
  optedIn: boolean;
  createdAt: string;
  updatedAt: string;
  /** This month (Riyadh) so far: pickups they completed and the kilograms weighed. */
  month: { pickups: number; kg: number };
  /** Requests ever assigned to them (a volunteer with any is deactivated, never deleted). */
  pickupsTotal: number;
}

/** POST and PUT /api/admin/volunteers bodies (PUT: any subset). */
export interface VolunteerInput {
  name: string;
  /** A Saudi mobile in any written form; stored E.164. */
  whatsapp: string;
  areas?: string[];
  vehicle?: string | null;
  notes?: string | null;
  active?: boolean;
  /**
   * The administrator confirms the volunteer agreed to the WhatsApp messages (VOLUNTEER_CONSENT_TEXT):
   * required when a number is registered (adding one, or changing their number).
   */
  consent?: boolean;
}

/** The next step a volunteer's page offers on a pickup: set out, then collect (or not), then nothing. */
export type VolunteerStep = 'set_out' | 'collect' | 'done';

/** One pickup on the volunteer's page (GET /api/volunteer/{token}): where, when, who to call, how far it has gone. */
export interface VolunteerPickup {
  requestId: number;
  status: RequestStatus;
  statusLabel: string;
  step: VolunteerStep;
  eventTypeLabel: string;
  /** YYYY-MM-DD, and the Gregorian and Hijri dates in words. */
  eventDate: string;
  eventDateText: string;
  endTime: string;
  /** ISO instant: the event's end + the collection window. */
  deadline: string;
  place: string;
  /** The full address when it says more than `place`. */
  address: string | null;
  landmarks: string | null;
  mapsUrl: string;
  attendeeCount: number;
  foodTypeLabels: string[];
  hostFirstName: string;
  /** 05XXXXXXXX, for the call and WhatsApp buttons. */
  hostPhone: string;
  hostNotes: string | null;
  onTheWayAt: string | null;
  collectedAt: string | null;
  weighedKg: number | null;
  notCollectedReason: NotCollectedReason | null;
}

/** GET /api/volunteer/{token}: the volunteer's pickups from yesterday on, in deadline order. */
export interface VolunteerPage {
  firstName: string;
  pickups: VolunteerPickup[];
  /** The charity's phone, for anything the page cannot do. */
  charityPhone: string | null;
}

/** POST /api/volunteer/{token}/pickups/{requestId}/collected. */
export interface CollectedInput {
  weighedKg: number;
  checks: CollectionChecks;
}

/** POST /api/volunteer/{token}/pickups/{requestId}/not-collected. */
export interface NotCollectedInput {
  reason: NotCollectedReason;
  note?: string;
}
