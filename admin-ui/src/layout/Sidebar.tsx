import { useMediaQuery, type Theme } from '@mui/material';
import { Sidebar as RaSidebar, useTranslate, type SidebarProps } from 'react-admin';

/**
 * react-admin's sidebar; on a phone it opens as a dialog over the page, which then needs a name
 * (axe: aria-dialog-name). The docked sidebar of wider screens is not a dialog and gets none.
 */
export const Sidebar = (props: SidebarProps) => {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return <RaSidebar {...props} {...(phone ? { slotProps: { paper: { 'aria-label': translate('app.menu.label') } } } : {})} />;
};
