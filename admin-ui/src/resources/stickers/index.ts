import { lazy } from 'react';

/**
 * The stickers resource (spec: admin-side section 2, Sticker management): list, create (upload) and edit.
 * Each view is loaded when first opened, like the admin's other screens.
 */
export const stickers = {
  list: lazy(() => import('./StickerList').then((m) => ({ default: m.StickerList }))),
  create: lazy(() => import('./StickerCreate').then((m) => ({ default: m.StickerCreate }))),
  edit: lazy(() => import('./StickerEdit').then((m) => ({ default: m.StickerEdit }))),
};
