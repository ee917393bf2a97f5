import { LoginForm } from '../../auth/login-form';
import { LockIcon } from '../../layout/icons';

export function LoginGate() {
  return (
    <div className="gate card">
      <span className="gate__icon" aria-hidden="true">
        <LockIcon open={false} size={32} />
      </span>
      <h1 className="page__title">Geschützter Bereich</h1>
      <p>Bitte melde dich an, um die Bewerbungsunterlagen zu sehen.</p>
      <LoginForm variant="gate" />
    </div>
  );
}
