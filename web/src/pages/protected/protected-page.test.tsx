import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentGroup } from '../../api/api-client';
import { json, stubFetch, type Handler } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

const groups: DocumentGroup[] = [
  {
    section: 'Bewerbung',
    files: [{ name: 'Lebenslauf', filename: 'lebenslauf.pdf', size: 250_000 }],
  },
  {
    section: 'BWD IMS',
    files: [
      { name: 'Zeugnis 1. Semester', filename: 'ims-1.pdf', size: 90_000 },
      { name: 'Zeugnis 2. Semester', filename: 'ims-2.pdf', size: 91_000 },
    ],
  },
  {
    section: 'GIBB',
    files: [1, 2, 3].map((n) => ({
      name: `Zeugnis GIBB ${n}`,
      filename: `gibb-${n}.pdf`,
      size: 1_500_000,
    })),
  },
  {
    section: 'Überbetriebliche Kurse',
    files: [1, 2, 3, 4, 5, 6].map((n) => ({
      name: `ÜK ${n}`,
      filename: `uek-${n}.pdf`,
      size: 40_000,
    })),
  },
];

function logIn() {
  localStorage.setItem('isAuthenticated', 'true');
  localStorage.setItem('token', 'jwt');
}

/** The API as the protected page uses it; `files` answers /api/download/… and /api/download-all. */
function api(
  files: Handler = () => new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }),
) {
  return stubFetch((request) => {
    if (request.url === '/api/documents') return json(groups);
    if (request.url === '/api/auth/login') return json({ success: true, token: 'vom-gate' });
    return files(request);
  });
}

async function openWelcome() {
  renderApp('/protected');
  await screen.findByRole('heading', { level: 2, name: 'Bewerbung' });
}

const fileRow = (name: string) => within(screen.getByText(name).closest('li')!);

let objectUrls: Blob[];
let clicks: { href: string; download: string; target: string }[];

beforeEach(() => {
  objectUrls = [];
  clicks = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        objectUrls.push(blob);
        return `blob:http://localhost/${objectUrls.length}`;
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    clicks.push({ href: this.href, download: this.download, target: this.target });
  });
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});

describe('protected page, logged out', () => {
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

  it('opens a file in a tab opened at the click, then pointed at the blob', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = api(() => new Promise((resolve) => (answer = resolve)));
    const tab = {
      opener: {},
      document: { title: '', body: { textContent: '' } },
      location: { href: '' },
      close: vi.fn(),
    };
    const windowOpen = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    logIn();
    await openWelcome();
    await userEvent.setup().click(fileRow('Lebenslauf').getByRole('button', { name: 'Öffnen' }));

    expect(windowOpen).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(tab.document.body.textContent).toBe('Dokument wird geladen...');
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(url).toBe('/api/download/lebenslauf.pdf');
    expect(init?.headers).toEqual({ Authorization: 'Bearer jwt' });

    await act(async () =>
      answer(new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })),
    );
    expect(tab.location.href).toBe('blob:http://localhost/1');
    expect(await objectUrls[0].text()).toBe('%PDF-1.7');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('alerts "Fehler beim Öffnen der Datei" and closes the tab when opening fails', async () => {
    api(() => json({ statusCode: 404, message: 'Not Found' }, 404));
    const tab = {
      opener: {},
      document: { title: '', body: { textContent: '' } },
      location: { href: '' },
      close: vi.fn(),
    };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    logIn();
    await openWelcome();
    await userEvent.setup().click(fileRow('Lebenslauf').getByRole('button', { name: 'Öffnen' }));
    await vi.waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith('Fehler beim Öffnen der Datei'),
    );
    expect(tab.close).toHaveBeenCalled();
  });

  it('saves a file under its file name', async () => {
    api(() => new Response('%PDF-ims', { headers: { 'Content-Type': 'application/pdf' } }));
    logIn();
    await openWelcome();
    await userEvent
      .setup()
      .click(fileRow('Zeugnis 2. Semester').getByRole('button', { name: 'Download' }));
    await vi.waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toMatchObject({ href: 'blob:http://localhost/1', download: 'ims-2.pdf' });
    expect(await objectUrls[0].text()).toBe('%PDF-ims');
  });

  it('alerts "Fehler beim Herunterladen der Datei" when a download fails', async () => {
    api(() => Promise.reject(new TypeError('Failed to fetch')));
    logIn();
    await openWelcome();
    await userEvent.setup().click(fileRow('Lebenslauf').getByRole('button', { name: 'Download' }));
    await vi.waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith('Fehler beim Herunterladen der Datei'),
    );
    expect(clicks).toHaveLength(0);
  });

  it('downloads all documents as documents.zip and shows how much has arrived', async () => {
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => void (stream = controller),
    });
    const fetchMock = api(
      () => new Response(body, { headers: { 'Content-Type': 'application/zip' } }),
    );
    logIn();
    await openWelcome();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }));

    expect(fetchMock.mock.calls.at(-1)![0]).toBe('/api/download-all');
    expect(fetchMock.mock.calls.at(-1)![1]?.headers).toEqual({ Authorization: 'Bearer jwt' });
    await act(async () => stream.enqueue(new Uint8Array(1_200_000)));
    const busy = await screen.findByRole('button', { name: 'ZIP wird geladen... 1.2 MB' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');

    await act(async () => stream.close());
    await vi.waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0].download).toBe('documents.zip');
    expect(objectUrls[0].size).toBe(1_200_000);
    expect(
      await screen.findByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }),
    ).toBeEnabled();
  });

  it('shows received and total when the ZIP size is known', async () => {
    let stream!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => void (stream = controller),
    });
    api(() => new Response(body, { headers: { 'Content-Length': '4000000' } }));
    logIn();
    await openWelcome();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }));
    await act(async () => stream.enqueue(new Uint8Array(1_000_000)));
    expect(
      await screen.findByRole('button', { name: 'ZIP wird geladen... 1 MB von 4 MB' }),
    ).toBeInTheDocument();
    await act(async () => stream.close());
  });

  it('alerts "Fehler beim Herunterladen der ZIP-Datei" when the ZIP fails', async () => {
    api(() => json({ statusCode: 500, message: 'x' }, 500));
    logIn();
    await openWelcome();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }));
    await vi.waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith('Fehler beim Herunterladen der ZIP-Datei'),
    );
    expect(
      screen.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }),
    ).toBeEnabled();
  });

  it('ends the session and shows the gate when the document list answers 401', async () => {
    stubFetch(() => json({ statusCode: 401, message: 'Unauthorized' }, 401));
    logIn();
    renderApp('/protected');
    expect(await screen.findByRole('heading', { name: 'Geschützter Bereich' })).toBeInTheDocument();
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('ends the session and shows the gate when a download answers 401, without an alert', async () => {
    api(() => json({ statusCode: 401, message: 'Unauthorized' }, 401));
    logIn();
    await openWelcome();
    await userEvent.setup().click(fileRow('Lebenslauf').getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('heading', { name: 'Geschützter Bereich' })).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
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
