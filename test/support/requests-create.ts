import type { DataSource } from 'typeorm';
import { requestPayload } from './request-payload';

export const ARABIC = /[\u0600-\u06FF]/;
// 12:00 in Riyadh on 10 March 2026.
export const NOON = '2026-03-10T09:00:00.000Z';
export const TODAY = '2026-03-10';
export const TOMORROW = '2026-03-11';

/**
 * Fresh organizer phones, so cases never meet each other's duplicates or limits. Files share one
 * database: each starts its sequence after `first`.
 */
export function phoneSequence(first: number): () => string {
  let seq = first;
  return () => {
    seq += 1;
    return `0551${String(100000 + seq).slice(-6)}`;
  };
}

/** The form's payload (tomorrow) plus what a client must not be able to set. */
export function validPayload(organizerPhone: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...requestPayload(organizerPhone, 'al_sumairi', new Date(NOON)),
    eventDate: TOMORROW,
    ipAddress: 'example.org',
    userAgent: 'client says',
    ...over,
  };
}

/** The first active district of Yanbu city, with its name and its area's name. */
export async function cityDistrict(db: DataSource): Promise<{ value: string; name: string; areaName: string }> {
  const [row] = (await db.query(
    `SELECT d.value, d.name, a.name AS area_name FROM simple_districts d JOIN simple_areas a ON a.value = d.area_value
      WHERE d.area_value = 'yanbu_city' AND d.is_active ORDER BY d.id LIMIT 1`,
  )) as { value: string; name: string; area_name: string }[];
  return { value: row.value, name: row.name, areaName: row.area_name };
}
