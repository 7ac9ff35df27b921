import type { ListSpec } from '../../../common/http/list-query';
import { ActivityFilterField, ActivitySortField } from '../../../database/activity-log/activity-logs.repository';

export const ACTIVITY_LOGS_LIST: ListSpec<ActivitySortField, ActivityFilterField> = {
  resource: 'activity-logs',
  sortable: ['createdAt', 'id'],
  defaultSort: { field: 'createdAt', order: 'DESC' },
  filterable: ['action', 'entityType', 'entityId', 'userId'],
  defaultPageSize: 50,
  maxPageSize: 100,
};
