import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-stub';
import { api, fileRow, logIn, openWelcome } from '../../test/protected-page';

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

/** A response body the test feeds chunk by chunk, to watch the progress labels. */
function controlledBody() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return {
    body,
    stream: {
      enqueue: (chunk: Uint8Array) => controller.enqueue(chunk),
      close: () => controller.close(),
    },
  };
}

describe('file actions on the protected page', () => {
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
    // Öffnen tells the access log that the file was opened, not saved.
    expect(url).toBe('/api/download/lebenslauf.pdf?intent=open');
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
    const { body, stream } = controlledBody();
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

  it('shows the percentage and megabytes when the ZIP size is known', async () => {
    const { body, stream } = controlledBody();
    api(() => new Response(body, { headers: { 'Content-Length': '4000000' } }));
    logIn();
    await openWelcome();
    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Alle Dokumente herunterladen (ZIP)' }));
    await act(async () => stream.enqueue(new Uint8Array(1_000_000)));
    expect(
      await screen.findByRole('button', { name: 'ZIP wird geladen... 25 % (1 von 4 MB)' }),
    ).toBeInTheDocument();
    await act(async () => stream.enqueue(new Uint8Array(2_700_000)));
    expect(
      await screen.findByRole('button', { name: 'ZIP wird geladen... 92 % (3.7 von 4 MB)' }),
    ).toBeInTheDocument();
    await act(async () => stream.close());
  });

  it('shows how much of a large file has arrived on the button that fetches it', async () => {
    const { body, stream } = controlledBody();
    api(() => new Response(body, { headers: { 'Content-Length': '1500000' } }));
    logIn();
    await openWelcome();
    const row = fileRow('Zeugnis GIBB 1');
    await userEvent.setup().click(row.getByRole('button', { name: 'Download' }));
    await act(async () => stream.enqueue(new Uint8Array(600_000)));
    expect(
      await row.findByRole('button', { name: 'Download: 40 % (0.6 von 1.5 MB)' }),
    ).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Öffnen' })).toBeInTheDocument();
    await act(async () => stream.close());
    await vi.waitFor(() => expect(clicks).toHaveLength(1));
    expect(await row.findByRole('button', { name: 'Download' })).toBeInTheDocument();
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

  it('ends the session and shows the gate when a download answers 401, without an alert', async () => {
    api(() => json({ statusCode: 401, message: 'Unauthorized' }, 401));
    logIn();
    await openWelcome();
    await userEvent.setup().click(fileRow('Lebenslauf').getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('heading', { name: 'Geschützter Bereich' })).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });
});
