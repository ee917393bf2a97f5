import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionProvider, useSession } from './session-context';

function Probe() {
  const session = useSession();
  return (
    <>
      <p>{session.isAuthenticated ? `angemeldet:${session.token}` : 'abgemeldet'}</p>
      <button onClick={() => session.login('neu')}>anmelden</button>
      <button onClick={session.logout}>abmelden</button>
    </>
  );
}

const renderSession = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );

describe('session', () => {
  it('starts logged out with empty storage', () => {
    renderSession();
    expect(screen.getByText('abgemeldet')).toBeInTheDocument();
  });

  it('is restored from local storage at start', () => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'gespeichert');
    renderSession();
    expect(screen.getByText('angemeldet:gespeichert')).toBeInTheDocument();
  });

  it('counts only the string "true" as logged in', () => {
    localStorage.setItem('isAuthenticated', 'yes');
    renderSession();
    expect(screen.getByText('abgemeldet')).toBeInTheDocument();
  });

  it('stores the flag and the token on login, and clears both on logout', () => {
    renderSession();
    fireEvent.click(screen.getByText('anmelden'));
    expect(screen.getByText('angemeldet:neu')).toBeInTheDocument();
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(localStorage.getItem('token')).toBe('neu');
    fireEvent.click(screen.getByText('abmelden'));
    expect(screen.getByText('abgemeldet')).toBeInTheDocument();
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('marks <html> on login and logout, for the parts still showing the HTML', () => {
    renderSession();
    const root = document.documentElement;
    fireEvent.click(screen.getByText('anmelden'));
    expect(root).toHaveAttribute('data-session', 'in');
    fireEvent.click(screen.getByText('abmelden'));
    expect(root).not.toHaveAttribute('data-session');
  });
});
