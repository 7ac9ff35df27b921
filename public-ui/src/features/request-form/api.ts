import { api } from '../../lib/api';

/** POST /api/requests body (the server rebuilds fullAddress and records the real IP itself). */
export interface RequestPayload {
  eventType: string;
  attendeeCount: number | null;
  eventDate: string;
  endTime: string;
  locationType: 'custom' | 'important_place';
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

export interface CreatedRequest {
  id: number;
  status: string;
  message?: string;
}

export const submitRequest = (payload: RequestPayload) => api.post<CreatedRequest>('/api/requests', payload);
