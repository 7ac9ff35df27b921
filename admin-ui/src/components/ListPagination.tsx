import { Pagination, PaginationActions, useTranslate, type PaginationActionsProps, type PaginationProps } from 'react-admin';

/** react-admin's page buttons, named in Arabic for screen readers (Material UI names them «pagination navigation»). */
const ArabicPaginationActions = (props: PaginationActionsProps) => {
  const translate = useTranslate();
  return <PaginationActions {...props} aria-label={translate('app.common.pagination')} />;
};

/**
 * react-admin's Pagination with Arabic labels on its page buttons at every width (below 900 px it
 * uses Material UI's own arrows, whose labels are English unless given).
 */
export const ListPagination = ({ rowsPerPageOptions = [10, 25, 50], ...props }: PaginationProps) => {
  const translate = useTranslate();
  // Passed through to Material UI's TablePagination (PaginationProps does not declare it).
  const labels = { getItemAriaLabel: (type: string) => translate(`ra.navigation.${type}`) };
  return <Pagination rowsPerPageOptions={rowsPerPageOptions} actions={ArabicPaginationActions} {...labels} {...props} />;
};
