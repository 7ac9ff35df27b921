import type { ListSpec } from '../../../common/http/list-query';
import { ARCHIVE_FILTERABLE, ARCHIVE_SORTABLE, ArchiveFilterField, ArchiveSortField } from './deleted-requests.repository';

export const DELETED_REQUESTS_LIST: ListSpec<ArchiveSortField, ArchiveFilterField> = {
  resource: 'deleted-requests',
  sortable: ARCHIVE_SORTABLE,
  defaultSort: { field: 'deletedAt', order: 'DESC' },
  filterable: ARCHIVE_FILTERABLE,
  maxPageSize: 100,
};
