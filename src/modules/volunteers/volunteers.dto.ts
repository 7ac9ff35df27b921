import { Allow } from 'class-validator';
import type { ListSpec } from '../../common/http/list-query';
import type { VolunteerInput } from '../../shared/api/volunteers';
import type { VolunteerSort } from './volunteers.repository';

export type VolunteerFilterField = 'q' | 'active' | 'area' | 'id';

/** GET /api/admin/volunteers on react-admin's list convention. */
export const VOLUNTEERS_LIST: ListSpec<VolunteerSort, VolunteerFilterField> = {
  resource: 'volunteers',
  sortable: ['name', 'createdAt', 'active'],
  defaultSort: { field: 'name', order: 'ASC' },
  filterable: ['q', 'active', 'area', 'id'],
  maxPageSize: 100,
};

/**
 * POST and PUT bodies. Every field is checked by the shared rule (src/shared/volunteer.ts) in the
 * service, which names the field in Arabic; the class only describes the body for the API document.
 */
export class VolunteerDto implements VolunteerInput {
  @Allow()
  name: string;
  @Allow()
  whatsapp: string;
  @Allow()
  areas?: string[];
  @Allow()
  vehicle?: string | null;
  @Allow()
  notes?: string | null;
  @Allow()
  active?: boolean;
  @Allow()
  consent?: boolean;
}
