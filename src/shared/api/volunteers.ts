// The volunteers and drivers (decisions.md, wave 4, "Volunteers"): the admin resource «المتطوعون».
// The server and the admin app read these shapes from here.

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
