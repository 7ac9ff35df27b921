import { useEffect } from 'react';
import { useMediaQuery, type Theme } from '@mui/material';
import { Sidebar as RaSidebar, useSidebarState, useTranslate, type SidebarProps } from 'react-admin';

/**
 * react-admin's sidebar; on a phone it opens as a dialog over the page, which then needs a name
 * (axe: aria-dialog-name). The docked sidebar of wider screens is not a dialog and gets none.
 */
export const Sidebar = (props: SidebarProps) => {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [, setOpen] = useSidebarState();
  // At a phone's width the menu starts closed, also when the screen narrows to it (a tablet turned
  // upright): the docked menu's "open" would otherwise show it as a dialog over the page.
  useEffect(() => {
    if (phone) setOpen(false);
  }, [phone, setOpen]);
  return <RaSidebar {...props} {...(phone ? { slotProps: { paper: { 'aria-label': translate('app.menu.label') } } } : {})} />;
};
