import { LoginForm } from '../../auth/login-form';
import { LockBadge } from '../../layout/lock-badge';

export function LoginGate() {
  return (
    <div className="gate card">
      <LockBadge open={false} size={32} />
      <h1 className="page__title">Geschützter Bereich</h1>
      <p>Bitte melde dich an, um die Bewerbungsunterlagen zu sehen.</p>
      <LoginForm variant="gate" />
    </div>
  );
}
