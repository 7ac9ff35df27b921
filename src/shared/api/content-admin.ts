import type { ImportantPlaceGroup } from '../labels';

/** GET/PUT /api/admin/dropdown-options: the admin's lists, by Arabic label, in display order. */
export interface DropdownLists {
  eventTypes: string[];
  foodTypes: string[];
}

/** GET /api/admin/important-places (all, active or not). */
export interface ImportantPlace {
  id: number;
  /** The stored code requests keep (ASCII, unique, generated when the place was added without one). */
  value: string;
  label: string;
  group: ImportantPlaceGroup;
  isActive: boolean;
  sortOrder: number;
  /** Picked on a map; both or neither. */
  latitude: number | null;
  longitude: number | null;
}

/**
 * POST /api/admin/important-places (the spec's `{value, label}` still works: `value` is optional and
 * generated when omitted; `group` defaults to «أماكن أخرى») and PUT /api/admin/important-places/:id
 * (with `isActive`; an omitted `value`, `group` or coordinate keeps what is stored, `null` coordinates
 * clear the position).
 */
export interface ImportantPlaceInput {
  value?: string;
  label: string;
  group?: ImportantPlaceGroup;
  latitude?: number | null;
  longitude?: number | null;
}

/** GET /api/admin/simple-locations. */
export interface AdminLocations {
  areas: { value: string; name: string }[];
  districts: { id: number; name: string; value: string; areaValue: string }[];
}

/** POST /api/admin/stickers/upload-url and /api/admin/governance/upload-url. */
export interface UploadTicket {
  uploadURL: string;
  objectPath: string;
  /** The Content-Type the PUT must carry. */
  contentType: string;
  maxBytes: number;
}

/** GET /api/admin/stickers: one sticker (spec §3), with a short-lived link to show the image. */
export interface Sticker {
  id: number;
  filename: string | null;
  originalName: string;
  fileSize: number;
  mimeType: string;
  objectPath: string;
  description: string | null;
  sortOrder: number;
  isActive: boolean;
  width: number | null;
  height: number | null;
  createdAt: string;
  /** Signed, short-lived; null when the image cannot be served. */
  url: string | null;
}

/** A governance card (spec §3). `fileUrl` is the public download call, never the storage path. */
export interface GovernanceCard {
  id: number;
  title: string;
  description: string | null;
  content: string | null;
  fileUrl: string | null;
  fileName: string | null;
  fileType: string | null;
  fileSize: number | null;
  displayOrder: number;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}
