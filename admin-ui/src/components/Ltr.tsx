import type { ReactNode } from 'react';

/**
 * Keeps numbers, phone numbers, codes and Latin words left-to-right inside Arabic text
 * (e.g. <Ltr>+966 55 123 4567</Ltr>), isolated so they do not reorder their neighbours.
 */
export const Ltr = ({ children }: { children: ReactNode }) => <bdi dir="ltr">{children}</bdi>;
