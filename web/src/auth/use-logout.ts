import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLocalePath } from '../i18n/use-language';
import { useSession } from './session-context';

/** Logout as the user triggers it: clear the session, then go to the start page. */
export function useLogout(): () => void {
  const { logout } = useSession();
  const navigate = useNavigate();
  const home = useLocalePath()('/');
  return useCallback(() => {
    logout();
    navigate(home);
  }, [logout, navigate, home]);
}
