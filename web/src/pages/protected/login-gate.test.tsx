import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { api } from '../../test/protected-page';

describe('gate on /protected (logged out)', () => {
  it('shows the gate with a login form instead of the documents', async () => {
    const fetchMock = api();
    renderApp('/protected');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Geschützter Bereich' }),
    ).toBeInTheDocument();
    expect(screen.getAllByPlaceholderText('Benutzername')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Willkommen!' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is marked noindex', async () => {
    renderApp('/protected');
    await screen.findByRole('heading', { name: 'Geschützter Bereich' });
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, nofollow',
    );
  });

  it('logs in through the gate and loads the documents', async () => {
    const fetchMock = api();
    const user = userEvent.setup();
    renderApp('/protected');
    await user.type(await screen.findByPlaceholderText('Benutzername'), 'bewerbung');
    await user.type(screen.getByPlaceholderText('Passwort'), 'geheim');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Willkommen!' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Bewerbung' });
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    const documentsCall = fetchMock.mock.calls.find(([url]) => url === '/api/documents')!;
    expect(documentsCall[1]?.headers).toEqual({ Authorization: 'Bearer vom-gate' });
  });

  it.each([
    ['success false', () => json({ success: false }, 401), 'Ungültiger Benutzername oder Passwort'],
    [
      'a request error',
      () => json({ statusCode: 500, message: 'x' }, 500),
      'Serverfehler. Bitte versuche es erneut.',
    ],
  ])('shows the gate message on %s', async (_case, answer, message) => {
    stubFetch(answer);
    const user = userEvent.setup();
    renderApp('/protected');
    await screen.findByRole('heading', { name: 'Geschützter Bereich' });
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
