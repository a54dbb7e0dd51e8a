import type { ReactNode } from 'react';

/** A small drawn icon (lines in the text's colour on a 24-unit grid), hidden from screen readers: `children` are its paths. */
export function LineIcon({ size, weight, children }: { size: number; weight: number; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
    >
      {children}
    </svg>
  );
}
