import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Hourglass } from 'lucide-react';
import { ar } from '../i18n/ar';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { EmptyState } from './EmptyState';

/** A friendly "this page will be available soon" block for pages whose content is not ready. */
export function ComingSoon({ children }: { children?: ReactNode }) {
  return (
    <div className="container container--narrow page-body">
      <EmptyState
        icon={Hourglass}
        title={ar.common.comingSoon}
        body={ar.common.comingSoonBody}
        action={
          <div className="button-row">
            <Link to={PUBLIC_ROUTES.home} className="button button--primary">
              {ar.common.backHome}
            </Link>
            <Link to={PUBLIC_ROUTES.contact} className="button button--secondary">
              {ar.nav.contact}
            </Link>
          </div>
        }
      />
      {children}
    </div>
  );
}
