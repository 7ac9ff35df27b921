import type { CSSProperties } from 'react';

interface SkeletonProps {
  width?: CSSProperties['inlineSize'];
  height?: CSSProperties['blockSize'];
  className?: string;
}

/** A shimmering placeholder for text or numbers that are on their way. Hidden from screen readers. */
export function Skeleton({ width = '100%', height = '1em', className = '' }: SkeletonProps) {
  return <span className={`skeleton ${className}`} style={{ inlineSize: width, blockSize: height }} aria-hidden="true" />;
}
