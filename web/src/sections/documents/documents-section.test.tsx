import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

const section = () => within(document.getElementById('documents')!);

describe('documents section', () => {
  it('shows the inline login form when logged out', () => {
    renderApp('/');
    expect(section().getByPlaceholderText('Benutzername')).toBeInTheDocument();
    expect(section().getByPlaceholderText('Passwort')).toBeInTheDocument();
    expect(section().queryByRole('link', { name: 'Passwortgeschützte Seite öffnen' })).toBeNull();
  });

  it('shows the link to /protected when logged in', () => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'jwt');
    renderApp('/');
    expect(
      section().getByRole('link', { name: 'Passwortgeschützte Seite öffnen' }),
    ).toHaveAttribute('href', '/protected');
    // Both variants are on the page; CSS hides the form (auth/session-variant.tsx).
    expect(section().getByPlaceholderText('Benutzername')).not.toBeVisible();
  });

  it('logs in with the token and then offers the link', async () => {
    stubFetch(() => json({ success: true, token: 'aus-dem-abschnitt' }));
    const user = userEvent.setup();
    renderApp('/');
    await user.type(section().getByPlaceholderText('Benutzername'), 'bewerbung');
    await user.type(section().getByPlaceholderText('Passwort'), 'geheim');
    await user.click(section().getByRole('button', { name: 'Login' }));
    expect(
      await section().findByRole('link', { name: 'Passwortgeschützte Seite öffnen' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('aus-dem-abschnitt');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows the error above the fields on a failed login', async () => {
    stubFetch(() => json({ success: false }, 401));
    const user = userEvent.setup();
    renderApp('/');
    await user.click(section().getByRole('button', { name: 'Login' }));
    const error = await section().findByRole('alert');
    expect(error).toHaveTextContent('Ungültiger Benutzername oder Passwort');
    expect(
      error.compareDocumentPosition(section().getByPlaceholderText('Benutzername')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});
