import type { ReactNode } from 'react';

/** Keeps numbers, phones and e-mail addresses left to right inside Arabic text. */
export function LtrText({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}
