import type { ListSpec } from '../../../common/http/list-query';
import { EMERGENCY_CODE_FILTERABLE, EMERGENCY_CODE_SORTABLE } from './emergency-codes.repository';
import type { EmergencyCodeFilterField, EmergencyCodeSortField } from './emergency-codes.repository';

export const EMERGENCY_CODES_LIST: ListSpec<EmergencyCodeSortField, EmergencyCodeFilterField> = {
  resource: 'emergency-codes',
  sortable: EMERGENCY_CODE_SORTABLE,
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filterable: EMERGENCY_CODE_FILTERABLE,
};
