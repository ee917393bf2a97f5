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
      {/* A modal dialog starts an outline of its own, and it comes before the page's <h1>. */}
      <h1 id={`${id}-title`} className="login-panel__title">
        Login
      </h1>
      <LoginForm variant="standard" landmark={false} onSuccess={onClose} onCancel={onClose} />
    </div>
  );
}
