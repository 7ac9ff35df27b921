import { IsBoolean } from 'class-validator';
import type { ListSpec } from '../../../common/http/list-query';

export class VisibilityDto {
  @IsBoolean({ message: 'حالة الظهور يجب أن تكون true أو false' })
  isPublic: boolean;
}

export const IMPACT_REPORTS_LIST: ListSpec<'createdAt', 'id'> = {
  resource: 'impact-reports',
  sortable: ['createdAt'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filterable: ['id'],
  maxPageSize: 100,
};
