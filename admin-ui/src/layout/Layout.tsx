import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { useSessionWatch } from './useSessionWatch';

/** react-admin's layout with our app bar and menu; the menu sits on the right in RTL. */
export const Layout = ({ children }: { children: ReactNode }) => {
  useSessionWatch();
  return (
    <RaLayout appBar={AppBar} menu={Menu}>
      {children}
    </RaLayout>
  );
};
