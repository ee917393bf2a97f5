import { LoginForm } from '../../auth/login-form';
import { useProtectedTexts } from '../../content/use-protected-texts';
import { LockBadge } from '../../layout/lock-badge';

export function LoginGate() {
  const { gate } = useProtectedTexts();
  return (
    <div className="gate card">
      <LockBadge open={false} size={32} />
      <h1 className="page__title">{gate.heading}</h1>
      <p>{gate.text}</p>
      <LoginForm variant="gate" />
    </div>
  );
}
