import type { ListSpec } from '../../../common/http/list-query';
import type { CertificateFilterField, CertificateSortField } from './certificates.repository';

export const CERTIFICATES_LIST: ListSpec<CertificateSortField, CertificateFilterField> = {
  resource: 'certificates',
  sortable: ['issuedAt'],
  defaultSort: { field: 'issuedAt', order: 'DESC' },
  filterable: ['kind', 'id'],
  maxPageSize: 100,
};
