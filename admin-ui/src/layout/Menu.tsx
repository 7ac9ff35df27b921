import { Fragment } from 'react';
import { ListSubheader } from '@mui/material';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { adminUrl } from '../routes';
import { NAV_SECTIONS } from './navigation';

/**
 * Side menu (on the right: the drawer follows the RTL theme). Section headings show only while the
 * menu is open; when folded to icons, each item keeps its label as a tooltip.
 */
export const Menu = () => {
  const translate = useTranslate();
  const [open] = useSidebarState();
  return (
    <RaMenu aria-label={translate('app.menu.label')} sx={{ paddingBlockEnd: 2 }}>
      {NAV_SECTIONS.map((section, index) => (
        <Fragment key={section.label ?? index}>
          {section.label && open ? (
            // Visual grouping only: inside role="menu" a heading is not a menu item, so it is hidden
            // from assistive technology (each item's label stands on its own).
            <ListSubheader
              aria-hidden
              disableSticky
              sx={{
                bgcolor: 'transparent',
                lineHeight: 1.6,
                paddingBlock: 1,
                marginBlockStart: 1,
                paddingInline: 3,
                fontSize: '0.78rem',
                fontWeight: 700,
                color: 'text.secondary',
              }}
            >
              {translate(section.label)}
            </ListSubheader>
          ) : null}
          {section.items.map((item) => (
            <RaMenu.Item key={item.route} to={adminUrl(item.route)} primaryText={translate(item.label)} leftIcon={item.icon} />
          ))}
        </Fragment>
      ))}
    </RaMenu>
  );
};
