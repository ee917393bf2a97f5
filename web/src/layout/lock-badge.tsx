import type { CSSProperties } from 'react';
import { LockIcon } from './icons';
import './lock-badge.css';

/** The lock in a round accent badge that heads the documents section and the login gate. */
export function LockBadge({ open, size }: { open: boolean; size: number }) {
  return (
    <span
      className="lock-badge"
      style={{ '--lock-size': `${size}px` } as CSSProperties}
      aria-hidden="true"
    >
      <LockIcon open={open} size={size} />
    </span>
  );
}
