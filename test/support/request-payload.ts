import type { DataSource } from 'typeorm';
import { addDaysToDateString, riyadhDateString } from '../../src/shared/time';

/** An active district of Yanbu city, as the form's list offers it. */
export async function someDistrict(db: DataSource): Promise<string> {
  const [row] = (await db.query(
    `SELECT value FROM simple_districts WHERE area_value = 'yanbu_city' AND is_active ORDER BY id LIMIT 1`,
  )) as { value: string }[];
  return row.value;
}

/** A public request the form would send, for an event tomorrow (Riyadh) with the organizer's phone. */
export function requestPayload(organizerPhone: string, district: string, now: Date = new Date()): Record<string, unknown> {
  return {
    eventType: 'wedding',
    attendeeCount: 120,
    eventDate: addDaysToDateString(riyadhDateString(now), 1),
    endTime: '23:30',
    locationType: 'custom',
    area: 'yanbu_city',
    district,
    street: '',
    buildingNumber: '12',
    importantPlace: '',
    landmarks: 'بجوار المسجد',
    locationPhone: '',
    fullAddress: 'client text',
    organizerName: 'محمد أحمد',
    organizerPhone,
    organizerEmail: null,
    foodTypes: ['rice_meat', 'sweets'],
    additionalNotes: '',
    whatsappOptIn: true,
    consentText: 'أوافق على استلام إشعارات واتساب',
  };
}
