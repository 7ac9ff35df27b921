import type { Sticker } from '@shared/api/content-admin';
import { parseDisplayOrder } from '../../components/displayOrder';
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

/** Spec §5: the edited display order is parsed as an integer (any digit set) and is 0 when it is not a number. */
export const parseSortOrder = parseDisplayOrder;
