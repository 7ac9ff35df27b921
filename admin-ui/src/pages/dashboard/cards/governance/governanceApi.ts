import type { GovernanceCard } from '@shared/api/content-admin';
import { apiRequest } from '../../../../providers/httpClient';

export const GOVERNANCE_KEY = ['admin', 'governance'] as const;

export interface GovernanceForm {
  title: string;
  description: string;
  content: string;
  displayOrder: number;
  isActive: boolean;
  /** Set after a new document was uploaded. */
  objectPath?: string;
  fileName?: string;
  removeFile?: boolean;
}

export const fetchGovernance = () => apiRequest<GovernanceCard[]>('/api/admin/governance');
export const createGovernance = (body: GovernanceForm) => apiRequest('/api/admin/governance', { method: 'POST', json: body });
export const updateGovernance = (id: number, body: GovernanceForm) =>
  apiRequest(`/api/admin/governance/${id}`, { method: 'PUT', json: body });
export const toggleGovernance = (id: number, isActive: boolean) =>
  apiRequest(`/api/admin/governance/${id}/toggle`, { method: 'PATCH', json: { isActive } });
export const deleteGovernance = (id: number) => apiRequest(`/api/admin/governance/${id}`, { method: 'DELETE' });

/** The badge of a document type: PDF, DOC or DOCX. */
export function fileBadge(fileType: string | null, fileName: string | null): string {
  if (fileType === 'application/pdf') return 'PDF';
  if (fileType === 'application/msword') return 'DOC';
  if (fileType?.includes('wordprocessingml')) return 'DOCX';
  return (fileName?.split('.').pop() ?? '').toUpperCase();
}
