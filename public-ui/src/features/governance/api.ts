import type { GovernanceCard } from '@shared/api/content-admin';
import { api } from '../../lib/api';

export type { GovernanceCard };

export const governanceQueryKey = ['governance'] as const;

/** GET /api/governance: the active cards in display order. */
export function fetchGovernanceCards(signal?: AbortSignal): Promise<GovernanceCard[]> {
  return api.get<GovernanceCard[]>('/api/governance', signal);
}

/** GET /api/governance/{id}/file answers `{ url }`, a short-lived link that downloads the document. */
export function fetchGovernanceFileUrl(id: number): Promise<{ url: string }> {
  return api.get<{ url: string }>(`/api/governance/${encodeURIComponent(String(id))}/file`);
}
