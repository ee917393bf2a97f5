import { useStyleProperty } from '../hydration/use-style-property';
import { LockIcon } from './icons';
import './lock-badge.css';

/** The lock in a round accent badge that heads the documents section and the login gate. */
export function LockBadge({ open, size }: { open: boolean; size: number }) {
  const ref = useStyleProperty<HTMLSpanElement>('--lock-size', `${size}px`);
  return (
    <span ref={ref} className="lock-badge" aria-hidden="true">
      <LockIcon open={open} size={size} />
    </span>
  );
}
