import { LayoutDashboard, ShieldAlert } from 'lucide-react';
import { ar } from '../../i18n/ar';
import { ADMIN_DASHBOARD_URL } from '../../lib/links';
import { useSiteAccess } from './useSiteBlockCheck';

const t = ar.adminPreview;

/** Tells an administrator browsing the blocked site that visitors see the maintenance page instead. */
export function AdminPreviewBanner() {
  const { access, reason } = useSiteAccess();
  if (access !== 'admin') return null;
  return (
    <section className="admin-preview" aria-label={t.label} data-testid="admin-preview-banner">
      <div className="container admin-preview__inner">
        <span className="admin-preview__icon" aria-hidden="true">
          <ShieldAlert size={22} strokeWidth={1.75} />
        </span>
        <div className="admin-preview__text">
          <p className="admin-preview__title">{t.title}</p>
          <p>{t.body}</p>
          {reason ? (
            <p>
              {t.reason} <bdi className="admin-preview__reason">«{reason}»</bdi>
            </p>
          ) : null}
        </div>
        <a className="admin-preview__link" href={ADMIN_DASHBOARD_URL}>
          <LayoutDashboard size={18} aria-hidden="true" />
          {t.link}
        </a>
      </div>
    </section>
  );
}

/** Above a public form while an administrator browses the blocked site: its calls still answer 503. */
export function AdminPreviewFormNotice() {
  const { access } = useSiteAccess();
  if (access !== 'admin') return null;
  return (
    <p className="admin-preview__form-notice" role="note">
      <ShieldAlert size={18} aria-hidden="true" />
      <span>{t.formNotice}</span>
    </p>
  );
}
