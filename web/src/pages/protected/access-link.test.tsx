import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DocumentGroup } from '../../api/documents-client';
import { startEarlyCalls } from '../../api/early-calls';
import { claimAccessCode, takeAccessCode } from '../../auth/access-link';
import { loadEnglish } from '../../i18n/translation';
import { json, stubFetch } from '../../test/fetch-stub';
import { fileRow, groups } from '../../test/protected-page';
import { renderApp } from '../../test/render-app';

const ACCESS_TOKEN = `e30.${btoa(JSON.stringify({ sub: 'bewerbung', acc: 'a1', name: 'Muster AG' }))}.sig`;
const own: DocumentGroup = {
  section: 'Muster AG',
  own: true,
  files: [
    { name: 'Motivationsschreiben', filename: 'Motivationsschreiben.pdf', size: 80_000, id: 'l1' },
  ],
};

function openLink(answer: () => Response, path = '/protected') {
  const fetchMock = stubFetch((request) => {
    if (request.url === '/api/auth/access') return answer();
    if (request.url === '/api/documents') return json([own, ...groups.slice(0, 2)]);
    if (request.url.startsWith('/api/letters/')) return new Response('%PDF');
    return json({ statusCode: 404, message: 'Not Found' }, 404);
  });
  // No early script here: the page takes the code from the address itself.
  history.replaceState(null, '', `${path}#zugang=ABCD-EFGH`);
  renderApp(path);
  return fetchMock;
}

const linkOpened = () => json({ success: true, token: ACCESS_TOKEN });

describe('protected page opened through an access link', () => {
  it('exchanges the code, logs in and greets the company by name', async () => {
    const fetchMock = openLink(linkOpened);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bewerbung für Muster AG' }),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls[0][0]).toBe('/api/auth/access');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ code: 'ABCD-EFGH' });
    expect(localStorage.getItem('token')).toBe(ACCESS_TOKEN);
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(location.hash).toBe('');
  });

  it('shows its own PDFs first, fetched by their id, then its sections', async () => {
    const fetchMock = openLink(linkOpened);
    await screen.findByRole('heading', { level: 2, name: 'Für Muster AG' });
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(['Für Muster AG', 'Bewerbung', 'BWD IMS']);
    const row = fileRow('Motivationsschreiben');
    await userEvent.click(row.getByRole('button', { name: 'Download' }));
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/letters/l1')).toBe(true);
  });

  it('says in one line what is recorded of the visit, the privacy text a tap away, and in the next that its PDFs carry its name', async () => {
    openLink(linkOpened);
    await screen.findByRole('heading', { level: 1, name: 'Bewerbung für Muster AG' });
    const line = screen.getByText(/^Protokolliert werden das Öffnen dieses Links/);
    expect(line).toHaveTextContent(
      'Protokolliert werden das Öffnen dieses Links und jedes angesehene oder heruntergeladene Dokument, ohne IP-Adresse und Browser. Datenschutz',
    );
    expect(
      screen.getByText(
        'Jede Seite der PDFs trägt unten den Namen Muster AG und das Datum dieses Links.',
      ),
    ).toBeInTheDocument();
    await userEvent.click(within(line).getByRole('button', { name: 'Datenschutz' }));
    const dialog = screen.getByRole('dialog', { name: 'Datenschutzerklärung' });
    expect(
      await within(dialog).findByText(/Ein Schreiben, das ich eigens für eine Firma hochlade/),
    ).toBeInTheDocument();
  });

  it('leaves out that its PDFs carry its name when the owner switched the stamp off', async () => {
    const unstamped = { sub: 'bewerbung', acc: 'a1', name: 'Muster AG', stamp: false };
    openLink(() => json({ success: true, token: `e30.${btoa(JSON.stringify(unstamped))}.sig` }));
    await screen.findByRole('heading', { level: 1, name: 'Bewerbung für Muster AG' });
    expect(screen.getByText(/^Protokolliert werden das Öffnen dieses Links/)).toBeInTheDocument();
    expect(screen.queryByText(/^Jede Seite/)).toBeNull();
  });

  it('greets the company in English under /en/', async () => {
    await loadEnglish();
    openLink(linkOpened, '/en/protected');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Application for Muster AG' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'For Muster AG' }),
    ).toBeInTheDocument();
    const line = screen.getByText(/^Opening this link and every document viewed/);
    expect(within(line).getByRole('button', { name: 'Privacy' })).toBeInTheDocument();
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

  it("adopts the early script's exchange and list instead of asking again", async () => {
    const fetchMock = stubFetch((request) =>
      request.url === '/api/auth/access' ? linkOpened() : json([own]),
    );
    history.replaceState(null, '', '/protected#zugang=ABCD-EFGH');
    // What the documents page's early script does before the app loads (protected-early.ts).
    takeAccessCode();
    startEarlyCalls(claimAccessCode(), null);
    expect(location.hash).toBe('');
    renderApp('/protected');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bewerbung für Muster AG' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Für Muster AG' })).toBeVisible();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/auth/access',
      '/api/documents',
    ]);
    expect(screen.queryByRole('heading', { name: 'Geschützter Bereich' })).toBeNull();
  });

  it('has the early script start nothing when it arrives after the app', async () => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'jwt');
    const fetchMock = stubFetch(() => json(groups));
    renderApp('/protected');
    expect(await screen.findByRole('heading', { name: 'Bewerbung' })).toBeInTheDocument();
    startEarlyCalls(undefined, 'jwt');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/documents']);
  });

  it("asks again with the session's token when the early list was asked with another, and reads the unused answer to its end", async () => {
    const answers: Response[] = [];
    const fetchMock = stubFetch(() => {
      answers.push(json(groups));
      return answers.at(-1) as Response;
    });
    startEarlyCalls(undefined, 'other-tab');
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'jwt');
    renderApp('/protected');
    expect(await screen.findByRole('heading', { name: 'Bewerbung' })).toBeInTheDocument();
    const tokens = fetchMock.mock.calls.map(([, init]) =>
      new Headers(init?.headers).get('Authorization'),
    );
    expect(tokens).toEqual(['Bearer other-tab', 'Bearer jwt']);
    await vi.waitFor(() => expect(answers.map((answer) => answer.bodyUsed)).toEqual([true, true]));
  });

  it("shows the gate with the message when the early script's exchange is refused", async () => {
    const fetchMock = stubFetch(() => json({ success: false, statusCode: 401 }, 401));
    startEarlyCalls('ABCD-EFGH', null);
    renderApp('/protected');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Zugangslink ist ungültig, abgelaufen oder wurde widerrufen.',
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/auth/access']);
  });

  it('ends a stored session whose early list call the API refuses, and shows the gate', async () => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'expired');
    stubFetch(() => json({ statusCode: 401, message: 'Unauthorized' }, 401));
    startEarlyCalls(undefined, 'expired');
    renderApp('/protected');
    expect(await screen.findByRole('heading', { name: 'Geschützter Bereich' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('greets no one after the shared login', async () => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'jwt');
    stubFetch(() => json(groups));
    renderApp('/protected');
    expect(await screen.findByRole('heading', { name: 'Bewerbung' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Willkommen!' })).toBeInTheDocument();
    expect(screen.queryByText(/Bewerbung für|Protokolliert/)).toBeNull();
  });
});
