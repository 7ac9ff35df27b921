// Where a pickup is, as the desk, its export and the dispatcher read it (decisions.md: a dispatcher plans by place).

/** The fields of a request (with its resolved labels) that say where it is. */
export interface LocatedRequest {
  importantPlace: string | null;
  importantPlaceLabel: string | null;
  districtName: string | null;
  areaName: string | null;
  fullAddress: string;
}

/**
 * `place`: the important place's label, else the district's name (else the area's, else the address);
 * `address`: the full address when it adds something to `place`, else null. Never a stored code: a
 * place without a label falls back to the address, which holds the label it had when the form was sent.
 */
export function requestLocation(r: LocatedRequest): { place: string; address: string | null } {
  const address = r.fullAddress?.trim() || null;
  const place = (r.importantPlace ? (r.importantPlaceLabel ?? address) : (r.districtName ?? r.areaName ?? address)) ?? '—';
  return { place, address: address && address !== place ? address : null };
}

/** The location in one line: «place — address». */
export function requestLocationText(r: LocatedRequest): string {
  const { place, address } = requestLocation(r);
  return address ? `${place} — ${address}` : place;
}
