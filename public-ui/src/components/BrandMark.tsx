/** The charity's mark: a leaf resting on a plate. Decorative; the name beside it carries the meaning. */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="31" fill="var(--brand-700)" />
      <circle cx="32" cy="32" r="21" fill="none" stroke="var(--sand-300)" strokeWidth="3" />
      <path d="M21 42c0-12 8-21 23-21 0 14-9 22-21 22z" fill="var(--sand-300)" />
      <path d="M22 43 37 28" stroke="var(--brand-700)" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
