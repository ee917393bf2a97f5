import { useRef, useState, type FormEvent } from 'react';
import { login as requestLogin, type LoginResult } from '../api/api-client';
import { useSiteTexts } from '../i18n/use-site-texts';
import { useSession } from './session-context';

/**
 * `standard`: header and documents-section login. Any failure reads as wrong credentials,
 * and only an answer with success=true and a token logs in.
 * `gate`: the /protected gate reads `success` only and tells a refused login apart from
 * a request error (docs/product.md#login).
 */
export type LoginVariant = 'standard' | 'gate';

export interface LoginFormState {
  username: string;
  password: string;
  setUsername: (value: string) => void;
  setPassword: (value: string) => void;
  busy: boolean;
  error: string;
  submit: (event: FormEvent<HTMLFormElement>) => void;
}

function accepted(variant: LoginVariant, result: LoginResult): boolean {
  return variant === 'gate' ? result.success : result.success && result.token !== undefined;
}

export function useLoginForm(variant: LoginVariant, onSuccess?: () => void): LoginFormState {
  const session = useSession();
  const { login: messages } = useSiteTexts();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  // A ref, not state: a second submit can arrive before the re-render disables the form.
  const pending = useRef(false);

  async function attempt() {
    pending.current = true;
    setBusy(true);
    setError('');
    try {
      const result = await requestLogin(username, password);
      if (!accepted(variant, result)) {
        setError(messages.invalid);
        return;
      }
      setUsername('');
      setPassword('');
      session.login(result.token);
      onSuccess?.();
    } catch {
      setError(variant === 'gate' ? messages.serverError : messages.invalid);
    } finally {
      pending.current = false;
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending.current) return;
    void attempt();
  }

  return { username, password, setUsername, setPassword, busy, error, submit };
}
