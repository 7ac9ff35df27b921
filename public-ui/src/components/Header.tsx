import { useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LogIn, Menu, X } from 'lucide-react';
import { ar } from '../i18n/ar';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import { ADMIN_LOGIN_URL, HOME_SECTIONS } from '../lib/links';
import { useContent } from '../features/content/useContent';
import { BrandMark } from './BrandMark';
import { SectionLink } from './SectionLink';

interface NavItemsProps {
  onNavigate?: () => void;
  withGovernance?: boolean;
}

function NavItems({ onNavigate, withGovernance = false }: NavItemsProps) {
  const sectionLinks = [
    { section: HOME_SECTIONS.home, label: ar.nav.home },
    { section: HOME_SECTIONS.services, label: ar.nav.services },
    { section: HOME_SECTIONS.requestForm, label: ar.nav.requestForm },
    { section: HOME_SECTIONS.contact, label: ar.nav.contactSection },
  ];
  const pageLinks = [
    { to: PUBLIC_ROUTES.about, label: ar.nav.about },
    { to: PUBLIC_ROUTES.contact, label: ar.nav.contact },
    ...(withGovernance ? [{ to: PUBLIC_ROUTES.governance, label: ar.nav.governance }] : []),
  ];
  return (
    <>
      {sectionLinks.map((item) => (
        <li key={item.section}>
          <SectionLink section={item.section} className="nav-link" onClick={onNavigate}>
            {item.label}
          </SectionLink>
        </li>
      ))}
      {pageLinks.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} className="nav-link" onClick={onNavigate}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </>
  );
}

export function Header() {
  const content = useContent();
  const charityName = content.get('charity_name', ar.charityName);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) toggleRef.current?.focus();
  }, []);

  // A new page or section closes the menu.
  useEffect(() => {
    setOpen(false);
  }, [location.pathname, location.hash]);

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('a, button')?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        close(true);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !toggleRef.current?.contains(target)) close(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);

  // Tabbing out of the open menu closes it, so it never hides the page behind the focus.
  const onMenuBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (next && !menuRef.current?.contains(next) && !toggleRef.current?.contains(next)) close(false);
  };

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to={PUBLIC_ROUTES.home} className="brand">
          <BrandMark size={40} />
          <span className="brand__name">{charityName}</span>
        </Link>

        <nav className="site-nav" aria-label={ar.nav.label}>
          <ul className="site-nav__list">
            <NavItems />
          </ul>
        </nav>

        <a href={ADMIN_LOGIN_URL} className="button button--outline button--sm site-header__admin">
          <LogIn size={18} aria-hidden="true" className="icon-dir" />
          {ar.nav.adminLogin}
        </a>

        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? ar.nav.closeMenu : ar.nav.openMenu}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <X size={24} aria-hidden="true" /> : <Menu size={24} aria-hidden="true" />}
        </button>
      </div>

      <div id={menuId} ref={menuRef} className="mobile-menu" hidden={!open} onBlur={onMenuBlur}>
        <nav className="container" aria-label={ar.nav.mobileLabel}>
          <ul className="mobile-menu__list">
            <NavItems withGovernance onNavigate={() => close(false)} />
          </ul>
          <a href={ADMIN_LOGIN_URL} className="button button--outline mobile-menu__admin">
            <LogIn size={18} aria-hidden="true" className="icon-dir" />
            {ar.nav.adminLogin}
          </a>
        </nav>
      </div>
    </header>
  );
}
