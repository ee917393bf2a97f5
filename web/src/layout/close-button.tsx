import { CloseIcon } from './icons';

/** The cross that closes a dialog or dismisses a notice; `label` says what it closes. */
export function CloseButton({
  label,
  onClose,
  className = '',
}: {
  label: string;
  onClose: () => void;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={`button button--ghost ${className}`.trim()}
      aria-label={label}
      onClick={onClose}
    >
      <CloseIcon />
    </button>
  );
}
