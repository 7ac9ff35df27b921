import { lazy } from 'react';

/**
 * The volunteers resource «المتطوعون» (decisions.md, wave 4): list, show, create and edit. Each view is
 * loaded when first opened.
 */
export const volunteers = {
  list: lazy(() => import('./VolunteerList').then((m) => ({ default: m.VolunteerList }))),
  show: lazy(() => import('./VolunteerShow').then((m) => ({ default: m.VolunteerShow }))),
  create: lazy(() => import('./VolunteerCreate').then((m) => ({ default: m.VolunteerCreate }))),
  edit: lazy(() => import('./VolunteerEdit').then((m) => ({ default: m.VolunteerEdit }))),
};
