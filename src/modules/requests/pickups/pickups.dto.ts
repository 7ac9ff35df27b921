import { IsInt, Max, Min, ValidateIf } from 'class-validator';
import type { ListSpec } from '../../../common/http/list-query';
import { PICKUP_CAPACITY_MAX, PICKUP_MESSAGES } from '../../../shared/pickups';
import { PICKUP_FILTERABLE, PICKUP_SORTABLE, PickupFilterField, PickupSortField } from './pickups.repository';

export const PICKUPS_LIST: ListSpec<PickupSortField, PickupFilterField> = {
  resource: 'pickups',
  sortable: PICKUP_SORTABLE,
  defaultSort: { field: 'collectionDeadline', order: 'ASC' },
  filterable: PICKUP_FILTERABLE,
  maxPageSize: 500,
  defaultPageSize: 500,
};

export class PickupCapacityDto {
  /** null: no daily limit. */
  @Max(PICKUP_CAPACITY_MAX, { message: PICKUP_MESSAGES.capacity })
  @Min(1, { message: PICKUP_MESSAGES.capacity })
  @IsInt({ message: PICKUP_MESSAGES.capacity })
  @ValidateIf((o: PickupCapacityDto) => o.maxPerDay !== null)
  maxPerDay: number | null;
}
