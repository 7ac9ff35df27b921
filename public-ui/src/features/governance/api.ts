import { api } from '../../lib/api';

/** A governance document card as GET /api/governance returns it (spec §3). */
export interface GovernanceCard {
  id: number;
  title: string;
  description?: string | null;
  content?: string | null;
  fileUrl?: string | null;
  fileName?: string | null;
  fileType?: string | null;
  fileSize?: number | null;
  displayOrder: number;
  isActive: boolean;
  createdAt: string;
  updatedAt?: string;
}

export const governanceQueryKey = ['governance'] as const;

export function fetchGovernanceCards(signal?: AbortSignal): Promise<GovernanceCard[]> {
  return api.get<GovernanceCard[]>('/api/governance', signal);
}

/** GET /api/governance/{id}/file answers `{ url }`, a link that downloads the document. */
export function fetchGovernanceFileUrl(id: number): Promise<{ url: string }> {
  return api.get<{ url: string }>(`/api/governance/${encodeURIComponent(String(id))}/file`);
}
