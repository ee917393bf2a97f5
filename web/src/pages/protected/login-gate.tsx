import { LoginForm } from '../../auth/login-form';
import { useProtectedTexts } from '../../i18n/use-protected-texts';
import { LockBadge } from '../../layout/lock-badge';

/** `notice`: why the visitor sees the gate, e.g. an access link that was refused. */
export function LoginGate({ notice }: { notice?: string }) {
  const { gate } = useProtectedTexts();
  return (
    <div className="gate card">
      <LockBadge open={false} size={32} />
      <h1 className="page__title">{gate.heading}</h1>
      {notice && (
        <p role="alert" className="login-form__error gate__notice">
          {notice}
        </p>
      )}
      <p>{gate.text}</p>
      <LoginForm variant="gate" />
    </div>
  );
}
