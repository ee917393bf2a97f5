import { useId, type Ref } from 'react';
import { useSiteTexts } from '../i18n/use-site-texts';
import { useLoginForm, type LoginVariant } from './use-login-form';
import './login-form.css';

interface LoginFormProps {
  variant: LoginVariant;
  onSuccess?: () => void;
  /** Shows an Abbrechen button that calls this. */
  onCancel?: () => void;
  firstFieldRef?: Ref<HTMLInputElement>;
  className?: string;
  /**
   * A named form is a landmark. Inside a named dialog it goes without a name, so the page never
   * holds two landmarks called the same (the header's panel beside the documents section's).
   */
  landmark?: boolean;
}

/** The one login form of the site: header panel, documents section and the /protected gate. */
export function LoginForm({
  variant,
  onSuccess,
  onCancel,
  firstFieldRef,
  className,
  landmark = true,
}: LoginFormProps) {
  const form = useLoginForm(variant, onSuccess);
  const { login: texts } = useSiteTexts();
  const id = useId();
  const errorId = `${id}-error`;

  return (
    <form
      className={`login-form ${className ?? ''}`}
      aria-label={landmark ? texts.form : undefined}
      onSubmit={form.submit}
      aria-describedby={form.error ? errorId : undefined}
      aria-busy={form.busy}
    >
      {form.error && (
        <p className="login-form__error" id={errorId} role="alert">
          {form.error}
        </p>
      )}
      <label className="visually-hidden" htmlFor={`${id}-username`}>
        {texts.username}
      </label>
      <input
        ref={firstFieldRef}
        id={`${id}-username`}
        className="field"
        name="username"
        autoComplete="username"
        placeholder={texts.username}
        value={form.username}
        disabled={form.busy}
        onChange={(event) => form.setUsername(event.target.value)}
      />
      <label className="visually-hidden" htmlFor={`${id}-password`}>
        {texts.password}
      </label>
      <input
        id={`${id}-password`}
        className="field"
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder={texts.password}
        value={form.password}
        disabled={form.busy}
        onChange={(event) => form.setPassword(event.target.value)}
      />
      <div className="login-form__actions">
        <button type="submit" className="button button--primary" disabled={form.busy}>
          {form.busy ? texts.checking : 'Login'}
        </button>
        {onCancel && (
          <button type="button" className="button" disabled={form.busy} onClick={onCancel}>
            {texts.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
