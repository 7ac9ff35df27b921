import type { Sticker } from '@shared/api/content-admin';
import { apiRequest } from '../../providers/httpClient';

export const STICKERS_KEY = ['admin', 'stickers'] as const;

export const fetchStickers = () => apiRequest<Sticker[]>('/api/admin/stickers');
export const createSticker = (body: {
  objectPath: string;
  originalName: string;
  fileSize: number;
  mimeType: string;
  description: string;
}) => apiRequest<{ sticker: Sticker }>('/api/admin/stickers', { method: 'POST', json: { ...body, filename: body.originalName } });
export const updateSticker = (id: number, body: { description: string; sortOrder: number }) =>
  apiRequest(`/api/admin/stickers/${id}`, { method: 'PUT', json: body });
export const toggleSticker = (id: number, isActive: boolean) =>
  apiRequest(`/api/admin/stickers/${id}/toggle`, { method: 'POST', json: { isActive } });
export const deleteSticker = (id: number) => apiRequest(`/api/admin/stickers/${id}`, { method: 'DELETE' });

/** Spec §3: the edited display order is parsed as an integer and is 0 when it is not a number. */
export function parseSortOrder(text: string): number {
  const value = Number.parseInt(
    text.replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))),
    10,
  );
  return Number.isFinite(value) ? value : 0;
}
