import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { takeAccessCode } from '../../auth/access-link';
import { json, stubFetch } from '../../test/fetch-stub';
import { groups } from '../../test/protected-page';
import { renderApp } from '../../test/render-app';

const ACCESS_TOKEN = `e30.${btoa(JSON.stringify({ sub: 'bewerbung', acc: 'a1', name: 'Muster AG' }))}.sig`;

function openLink(answer: () => Response) {
  const fetchMock = stubFetch((request) => {
    if (request.url === '/api/auth/access') return answer();
    if (request.url === '/api/documents') return json(groups);
    return json({ statusCode: 404, message: 'Not Found' }, 404);
  });
  history.replaceState(null, '', '/protected#zugang=ABCD-EFGH');
  takeAccessCode();
  renderApp('/protected');
  return fetchMock;
}

describe('protected page opened through an access link', () => {
  it('exchanges the code, logs in and names the access', async () => {
    const fetchMock = openLink(() => json({ success: true, token: ACCESS_TOKEN }));
    expect(await screen.findByText('Zugang für Muster AG')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Willkommen!' })).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/access');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ code: 'ABCD-EFGH' });
    expect(localStorage.getItem('token')).toBe(ACCESS_TOKEN);
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(location.hash).toBe('');
  });

  it('shows the German message and the gate for a refused code', async () => {
    openLink(() => json({ success: false, statusCode: 401 }, 401));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Zugangslink ist ungültig, abgelaufen oder wurde widerrufen.',
    );
    expect(screen.getByRole('heading', { name: 'Geschützter Bereich' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Benutzername')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('names no access after the shared login', async () => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'jwt');
    stubFetch(() => json(groups));
    renderApp('/protected');
    expect(await screen.findByRole('heading', { name: 'Bewerbung' })).toBeInTheDocument();
    expect(screen.queryByText(/Zugang für/)).toBeNull();
  });
});
