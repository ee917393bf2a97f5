import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { api, fileRow, groups, logIn, openWelcome } from '../../test/protected-page';

describe('protected page, logged in', () => {
  it('welcomes and lists the four document groups with Öffnen and Download per file', async () => {
    const fetchMock = api();
    logIn();
    await openWelcome();
    expect(screen.getByRole('heading', { level: 1, name: 'Willkommen!' })).toBeInTheDocument();
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Bewerbung', 'BWD IMS', 'GIBB', 'Überbetriebliche Kurse']);
    expect(screen.getAllByRole('button', { name: 'Öffnen' })).toHaveLength(12);
    expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(12);
    expect(
      fileRow('Lebenslauf').getByRole('button', { name: 'Download' }),
    ).toHaveAccessibleDescription('Lebenslauf');
    expect(fileRow('Lebenslauf').getByText('PDF · 250 KB')).toBeInTheDocument();
    expect(fileRow('Zeugnis GIBB 1').getByText('PDF · 1.5 MB')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ Authorization: 'Bearer jwt' });
    expect(
      screen.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }),
    ).toBeInTheDocument();
  });

  it('ends the session and shows the gate when the document list answers 401', async () => {
    stubFetch(() => json({ statusCode: 401, message: 'Unauthorized' }, 401));
    logIn();
    renderApp('/protected');
    expect(await screen.findByRole('heading', { name: 'Geschützter Bereich' })).toBeInTheDocument();
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    stubFetch(() => (fail ? json({ statusCode: 500, message: 'x' }, 500) : json(groups)));
    logIn();
    renderApp('/protected');
    expect(
      await screen.findByText('Die Dokumente konnten nicht geladen werden.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(await screen.findByRole('heading', { name: 'Bewerbung' })).toBeInTheDocument();
  });

  it('logs out to / with Logout', async () => {
    api();
    logIn();
    await openWelcome();
    const main = within(screen.getByRole('main'));
    await userEvent.setup().click(main.getByRole('button', { name: 'Logout' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
