import type { ReactNode } from 'react';
import { CircleExclamationPoint, RefreshCw } from 'lucide-react';
import { ar } from '../i18n/ar';

interface ErrorStateProps {
  title?: string;
  body?: ReactNode;
  /** Shows a "try again" button that calls this. */
  onRetry?: () => void;
  retrying?: boolean;
  headingLevel?: 2 | 3;
  compact?: boolean;
}

export function ErrorState({
  title = ar.errors.loadFailed,
  body = ar.errors.generic,
  onRetry,
  retrying = false,
  headingLevel = 2,
  compact = false,
}: ErrorStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={`state state--error${compact ? ' state--compact' : ''}`} role="alert">
      <span className="state__icon" aria-hidden="true">
        <CircleExclamationPoint size={28} strokeWidth={1.75} />
      </span>
      <Heading className="state__title">{title}</Heading>
      {body ? <p className="state__body">{body}</p> : null}
      {onRetry ? (
        <div className="state__action">
          <button type="button" className="button button--secondary" onClick={onRetry} disabled={retrying}>
            <RefreshCw size={18} aria-hidden="true" className={retrying ? 'spin' : undefined} />
            {ar.common.retry}
          </button>
        </div>
      ) : null}
    </div>
  );
}
