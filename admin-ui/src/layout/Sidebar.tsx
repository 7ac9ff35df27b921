import { useEffect, useRef } from 'react';
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
  // A screen narrowed to a phone's width (a tablet or a phone turned upright) would keep the docked
  // menu "open" and show it as a dialog over the page, hiding the page from screen readers: close it.
  const wasPhone = useRef(phone);
  useEffect(() => {
    if (phone && !wasPhone.current) setOpen(false);
    wasPhone.current = phone;
  }, [phone, setOpen]);
  return <RaSidebar {...props} {...(phone ? { slotProps: { paper: { 'aria-label': translate('app.menu.label') } } } : {})} />;
};
