import { lazy } from 'react';

/**
 * The governance-cards resource (spec: admin-side section 2, Governance cards): the documents of the
 * public /governance page, with create and edit. Each view is loaded when first opened.
 */
export const governanceCards = {
  list: lazy(() => import('./GovernanceCardList').then((m) => ({ default: m.GovernanceCardList }))),
  create: lazy(() => import('./GovernanceCardCreate').then((m) => ({ default: m.GovernanceCardCreate }))),
  edit: lazy(() => import('./GovernanceCardEdit').then((m) => ({ default: m.GovernanceCardEdit }))),
};
