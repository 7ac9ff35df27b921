import type { ReactNode } from 'react';
import { Layout as RaLayout } from 'react-admin';
import { AppBar } from './AppBar';
import { Menu } from './Menu';
import { Sidebar } from './Sidebar';
import { useSessionWatch } from './useSessionWatch';
import { useArrivalNotice } from './useArrivalNotice';

/** react-admin's layout with our app bar and menu; the menu sits on the right in RTL. */
export const Layout = ({ children }: { children: ReactNode }) => {
  useSessionWatch();
  useArrivalNotice();
  return (
    // min-width 0 (react-admin sets fit-content): pages shrink to a phone's width instead of their widest child's.
    <RaLayout appBar={AppBar} menu={Menu} sidebar={Sidebar} sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}>
      {children}
    </RaLayout>
  );
};
