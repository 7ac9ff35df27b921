import { useState } from 'react';
import { Smartphone, X } from 'lucide-react';
import { ar } from '../../i18n/ar';
import { isInNativeApp } from '../../lib/native-app';
import { APP_STORE_URL } from '../../lib/links';

const DISMISSED_KEY = 'yanbu-food:app-banner-dismissed';

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** Invites visitors on the web to the native app; only with a store link, hidden inside the app and once dismissed. */
export function AppBanner() {
  const [visible, setVisible] = useState(() => APP_STORE_URL !== null && !isInNativeApp && !wasDismissed());
  if (!visible || !APP_STORE_URL) return null;

  const dismiss = () => {
    setVisible(false);
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private browsing may refuse storage: the banner then comes back on the next visit.
    }
  };

  return (
    <aside className="app-banner" aria-label={ar.appBanner.label}>
      <div className="container app-banner__inner">
        <span className="app-banner__icon" aria-hidden="true">
          <Smartphone size={20} />
        </span>
        <p className="app-banner__text">{ar.appBanner.text}</p>
        <a className="app-banner__link" href={APP_STORE_URL}>
          {ar.appBanner.link}
        </a>
        <button type="button" className="icon-button app-banner__close" onClick={dismiss} aria-label={ar.appBanner.dismiss}>
          <X size={20} aria-hidden="true" />
        </button>
      </div>
    </aside>
  );
}
