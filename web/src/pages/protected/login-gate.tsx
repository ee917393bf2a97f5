import { LoginForm } from '../../auth/login-form';
import { LockBadge } from '../../layout/lock-badge';

/** `notice`: why the visitor sees the gate, e.g. an access link that was refused. */
export function LoginGate({ notice }: { notice?: string }) {
  return (
    <div className="gate card">
      <LockBadge open={false} size={32} />
      <h1 className="page__title">Geschützter Bereich</h1>
      {notice && (
        <p role="alert" className="login-form__error gate__notice">
          {notice}
        </p>
      )}
      <p>Bitte melde dich an, um die Bewerbungsunterlagen zu sehen.</p>
      <LoginForm variant="gate" />
    </div>
  );
}
