import { ar } from '../i18n/ar';

interface SpinnerProps {
  /** Spoken to screen readers; visible when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label = ar.common.loading, showLabel = false, size = 'md' }: SpinnerProps) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className={showLabel ? 'spinner__label' : 'visually-hidden'}>{label}</span>
    </span>
  );
}

/** A page-sized wait, used while a lazily loaded page arrives. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner size="lg" showLabel />
    </div>
  );
}
