import type { LocationType, RequestStatus } from '../labels';

/**
 * The body of POST /api/requests as the public form sends it. The server reads every field as unknown
 * and checks it with the shared rules (validateRequest): it accepts numbers as text, Arabic-Indic
 * digits and more, and rebuilds fullAddress and records the real address and browser itself.
 */
export interface RequestPayload {
  eventType: string;
  attendeeCount: number | null;
  eventDate: string;
  endTime: string;
  locationType: LocationType;
  area: string;
  district: string;
  street?: string;
  buildingNumber: string;
  importantPlace: string;
  landmarks: string;
  latitude?: number;
  longitude?: number;
  locationPhone: string;
  fullAddress: string;
  organizerName: string;
  organizerPhone: string;
  organizerEmail: string | null;
  foodTypes: string[];
  additionalNotes: string;
  whatsappOptIn: boolean;
  consentText: string;
  ipAddress: string;
  userAgent: string;
}

/** POST /api/requests (and every other way a request is created) answers this, 201. */
export interface CreatedRequest {
  /** The request number (#1024). */
  id: number;
  status: 'received';
  message: string;
}

/** A request as the admin desk lists it (GET /api/requests, GET /api/requests/:id). */
export interface AdminRequestRow {
  id: number;
  organizerName: string;
  organizerPhone: string;
  organizerEmail: string | null;
  eventType: string;
  eventDate: string;
  endTime: string;
  attendeeCount: number;
  locationType: string;
  fullAddress: string;
  area: string | null;
  district: string | null;
  street: string | null;
  buildingNumber: string | null;
  importantPlace: string | null;
  landmarks: string | null;
  locationPhone: string | null;
  latitude: number | null;
  longitude: number | null;
  foodTypes: string[];
  additionalNotes: string | null;
  status: RequestStatus;
  cancellationReason: string | null;
  whatsappOptIn: boolean;
  weighedKg: number | null;
  completedAt: string | null;
  createdAt: string;
  /** The volunteer collecting it (the resource «المتطوعون»), when one is assigned; the phone as 05XXXXXXXX. */
  volunteerId: number | null;
  volunteerName: string | null;
  volunteerPhone: string | null;
  /** Arabic labels of the stored values (decisions.md: each record carries its resolved labels). */
  statusLabel: string;
  eventTypeLabel: string;
  areaName: string | null;
  districtName: string | null;
  importantPlaceLabel: string | null;
  foodTypeLabels: string[];
  /** End of the collection window: the event's end time + 2 hours (food safety), as an instant. */
  collectionDeadline: string;
}

/**
 * The desk's filters besides the status tabs and the search (`filter` of GET /api/requests and of the
 * export): event dates from/to (YYYY-MM-DD, inclusive), area, important place and event type by value.
 */
export const DESK_FILTER_FIELDS = ['eventDateFrom', 'eventDateTo', 'area', 'importantPlace', 'eventType'] as const;

/** PATCH /api/requests/:id: the volunteer to assign (an active one), or null to clear it. */
export interface RequestPatch {
  volunteerId: number | null;
}

/** Longest internal note. */
export const REQUEST_NOTE_MAX_LENGTH = 1000;

/** An internal note on a request (GET/POST /api/requests/:id/notes): for the charity only, never sent to the host. */
export interface RequestNote {
  id: number;
  requestId: number;
  text: string;
  authorUsername: string;
  /** ISO instant. */
  createdAt: string;
}

/**
 * An archived (deleted) request, GET /api/admin/deleted-requests: the request as the desk shows it plus
 * who deleted it, when and why. `id` is the archive row's (restore uses it); `originalId` is the
 * request's number, which a restore gives back.
 */
export interface DeletedRequestRow extends AdminRequestRow {
  originalId: number;
  /** ISO instant. */
  deletedAt: string;
  deletedBy: string | null;
  deletionReason: string | null;
}

/** GET /api/requests/summary: counters per status (one query) and the pickups of today and tomorrow. */
export interface RequestsSummary {
  counts: Record<RequestStatus, number> & { all: number };
  pickups: { today: AdminRequestRow[]; tomorrow: AdminRequestRow[] };
  /** Riyadh calendar dates the pickups are for. */
  today: string;
  tomorrow: string;
}

/** Who changed a request's status: an administrator (named), the host from their own page, or the system. */
export const STATUS_ACTOR_TYPES = ['admin', 'host', 'system', 'volunteer'] as const;
export type StatusActorType = (typeof STATUS_ACTOR_TYPES)[number];

/** One row of a request's status history (oldest first), as the desk and the host's page show it. */
export interface StatusHistoryEntry {
  id: number;
  fromStatus: RequestStatus | null;
  toStatus: RequestStatus;
  actorType: StatusActorType;
  /** The administrator's username; null for the host and the system. */
  actorUsername: string | null;
  reason: string | null;
  /** ISO instant. */
  createdAt: string;
}

export type BulkAction = { action: 'status'; status: RequestStatus; cancellationReason?: string } | { action: 'delete'; reason?: string };

/** One row's outcome of POST /api/requests/bulk. */
export interface BulkOutcome {
  id: number;
  ok: boolean;
  /** For status changes: false when the request already had that status (nothing sent). */
  changed?: boolean;
  /** For status changes: true when the customer was sent a WhatsApp notice (opted in and changed). */
  notified?: boolean;
  code?: string;
  message?: string;
}

export interface BulkResult {
  success: true;
  results: BulkOutcome[];
  succeeded: number;
  failed: number;
  /** How many customers were sent a WhatsApp notice of the new status. */
  notified: number;
}
