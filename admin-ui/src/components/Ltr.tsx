import type { ReactNode } from 'react';

/**
 * Keeps numbers, phone numbers, codes and Latin words left-to-right inside Arabic text
 * (e.g. <Ltr>+966 55 123 4567</Ltr>), isolated so they do not reorder their neighbours.
 */
export const Ltr = ({ children }: { children: ReactNode }) => <bdi dir="ltr">{children}</bdi>;

/** Latin-script runs in an Arabic sentence (a masked code, an address, a username): each one left to right. */
const LATIN_RUN = /([A-Za-z0-9][A-Za-z0-9.*:_/-]*[A-Za-z0-9*]|[A-Za-z])/;

/** Arabic text whose codes, addresses and names stay readable: each Latin run is its own left-to-right island. */
export const WithLtrRuns = ({ text }: { text: string }) => (
  <>{text.split(LATIN_RUN).map((part, i) => (i % 2 ? <Ltr key={i}>{part}</Ltr> : part))}</>
);
