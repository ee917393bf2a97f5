import { useRef } from 'react';
import { LoginForm } from '../auth/login-form';
import { useFocusTrap } from '../hooks/use-focus-trap';

interface HeaderLoginPanelProps {
  id: string;
  onClose: () => void;
}

/** The header's login dialog: toggled by Login, closed by Abbrechen, Escape or a successful login. */
export function HeaderLoginPanel({ id, onClose }: HeaderLoginPanelProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, true, onClose);

  return (
    <div
      ref={panelRef}
      id={id}
      className="login-panel"
      role="dialog"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="login-panel__title">
        Login
      </h2>
      <LoginForm variant="standard" onSuccess={onClose} onCancel={onClose} />
    </div>
  );
}
