import type { CollectedInput, NotCollectedInput, VolunteerPage, VolunteerPickup } from '@shared/api/volunteers';
import { api, ApiError } from '../../lib/api';

export type { CollectedInput, NotCollectedInput, VolunteerPage, VolunteerPickup };

export const volunteerPageQueryKey = (token: string) => ['volunteer-page', token] as const;

const base = (token: string) => `/api/volunteer/${encodeURIComponent(token)}`;

/** GET /api/volunteer/{token}: the volunteer's pickups (404 for a link that does not open). */
export function fetchVolunteerPage(token: string, signal?: AbortSignal): Promise<VolunteerPage> {
  return api.get<VolunteerPage>(base(token), signal);
}

export type VolunteerAction =
  { kind: 'on-the-way' } | { kind: 'collected'; body: CollectedInput } | { kind: 'not-collected'; body: NotCollectedInput };

/** POST one of the three actions on a pickup; answers the pickup as it now stands. */
export function sendVolunteerAction(token: string, requestId: number, action: VolunteerAction): Promise<VolunteerPickup> {
  const path = `${base(token)}/pickups/${requestId}/${action.kind}`;
  return api.post<VolunteerPickup>(path, action.kind === 'on-the-way' ? {} : action.body);
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
