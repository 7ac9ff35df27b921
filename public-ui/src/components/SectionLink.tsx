import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PUBLIC_ROUTES } from '@shared/public-routes';
import type { HomeSection } from '../lib/links';

interface SectionLinkProps {
  section: HomeSection;
  children: ReactNode;
  className?: string;
  onClick?: () => void;
}

/** A link to a section of the home page that works from any page (the layout scrolls to it). */
export function SectionLink({ section, children, className, onClick }: SectionLinkProps) {
  return (
    <Link to={{ pathname: PUBLIC_ROUTES.home, hash: `#${section}` }} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
