import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-stub';
import {
  inBrowserWithPasskeys,
  muster,
  ownerServer,
  SECTIONS,
  signInAsOwner,
} from '../../test/owner-server';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(() => Promise.resolve({ id: 'credential', type: 'public-key' })),
  startRegistration: vi.fn(() => Promise.resolve({ id: 'credential', type: 'public-key' })),
}));

const brief = {
  id: 'l1',
  name: 'Motivationsschreiben',
  size: 120_000,
  addedAt: muster.createdAt,
  damaged: false,
};
/** What the page asked the passkey to confirm, in order. */
const confirmations = (fetch: ReturnType<typeof ownerServer>) =>
  fetch.mock.calls
    .filter(([url]) => url === '/api/owner/confirmation/options')
    .map(([, init]) => JSON.parse(String(init?.body)));
const pdf = (name: string, size = 5) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });

const mustersItem = async () =>
  within((await screen.findByRole('heading', { name: /Muster AG/ })).closest('li')!);

describe("the owner page: a company's sections and own PDFs", () => {
  inBrowserWithPasskeys();

  it('makes a link that sees the sections left checked', async () => {
    const fetch = ownerServer({ 'POST /api/owner/accesses': () => json({}, 400) });
    await signInAsOwner();
    const form = within(await screen.findByRole('group', { name: 'Diese Firma sieht' }));
    for (const section of SECTIONS) expect(form.getByLabelText(section)).toBeChecked();
    await userEvent.type(screen.getByLabelText('Firma'), 'Messe AG');
    await userEvent.click(form.getByLabelText('BWD IMS'));
    await userEvent.click(form.getByLabelText('Überbetriebliche Kurse'));
    await userEvent.click(screen.getByRole('button', { name: 'Link erstellen' }));
    const create = fetch.mock.calls.find(
      ([url, init]) => url === '/api/owner/accesses' && init?.body,
    );
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({
      name: 'Messe AG',
      days: 90,
      sections: ['Bewerbung', 'GIBB'],
      confirmation: { id: 'credential', type: 'public-key' },
    });
  });

  it("uploads a company's PDF as it is, named after its file unless the owner names it", async () => {
    const fetch = ownerServer({
      'POST /api/owner/accesses/a1/letters?name=Motivationsschreiben': () => json(brief, 201),
    });
    await signInAsOwner();
    const item = await mustersItem();
    expect(item.getByText('Noch keine.')).toBeInTheDocument();
    await userEvent.click(item.getByRole('button', { name: 'PDF hinzufügen' }));
    const file = pdf('Motivationsschreiben.pdf');
    await userEvent.upload(item.getByLabelText('PDF für Muster AG'), file);
    expect(item.getByLabelText('Bezeichnung')).toHaveValue('Motivationsschreiben');
    await userEvent.click(item.getByRole('button', { name: 'Hochladen' }));
    expect(await item.findByText('„Motivationsschreiben“ hochgeladen.')).toBeInTheDocument();
    const upload = fetch.mock.calls.find(([, init]) => init?.body === file);
    expect(upload?.[0]).toBe('/api/owner/accesses/a1/letters?name=Motivationsschreiben');
    // The tap rides in a header, as base64url of its JSON: the body is the PDF itself.
    const tap = btoa(JSON.stringify({ id: 'credential', type: 'public-key' })).replace(/=+$/, '');
    expect(upload?.[1]).toMatchObject({
      method: 'POST',
      headers: {
        'Content-Type': 'application/pdf',
        Authorization: 'Bearer owner-token',
        'x-owner-confirmation': tap,
      },
    });
    expect(confirmations(fetch)).toEqual([
      { change: 'add-letter', target: `["a1",null,"Motivationsschreiben",${file.size}]` },
    ]);
  });

  it('makes a link with its sections and first PDF after one tap', async () => {
    const fetch = ownerServer({
      'POST /api/owner/accesses': () =>
        json(
          { id: 'a2', name: 'Messe AG', link: 'x', code: 'y', expiresAt: muster.expiresAt },
          201,
        ),
      'POST /api/owner/accesses/a2/letters?name=Brief': () => json(brief, 201),
    });
    await signInAsOwner();
    await userEvent.type(screen.getByLabelText('Firma'), 'Messe AG');
    const file = pdf('Brief.pdf', 7);
    await userEvent.upload(screen.getByLabelText('Eigenes PDF (freiwillig)'), file);
    await userEvent.click(screen.getByRole('button', { name: 'Link erstellen' }));
    await screen.findByRole('article', { name: 'Zugang für Messe AG' });
    expect(confirmations(fetch)).toEqual([
      {
        change: 'create-access',
        target: JSON.stringify([
          'Messe AG',
          90,
          null,
          // SHA-256 of seven zero bytes: the tap binds the content, not only name and size.
          {
            name: 'Brief',
            size: 7,
            sha256: '837885c8f8091aeaeb9ec3c3f85a6ff470a415e610b8ba3e49f9b33c9cf9d619',
          },
        ]),
      },
    ]);
    const upload = fetch.mock.calls.find(([, init]) => init?.body === file);
    expect(upload?.[0]).toBe('/api/owner/accesses/a2/letters?name=Brief');
    expect(upload?.[1]?.headers).not.toHaveProperty('x-owner-confirmation');
  });

  it('shows the new link and its code when its first PDF is refused, and why', async () => {
    ownerServer({
      'POST /api/owner/accesses': () =>
        json(
          {
            id: 'a2',
            name: 'Messe AG',
            link: 'x',
            code: 'CODE-OF-MESSE',
            expiresAt: muster.expiresAt,
          },
          201,
        ),
      'POST /api/owner/accesses/a2/letters?name=Brief': () =>
        json({ statusCode: 415, message: 'Das ist keine PDF-Datei.' }, 415),
    });
    await signInAsOwner();
    await userEvent.type(screen.getByLabelText('Firma'), 'Messe AG');
    await userEvent.upload(screen.getByLabelText('Eigenes PDF (freiwillig)'), pdf('Brief.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Link erstellen' }));
    const created = await screen.findByRole('article', { name: 'Zugang für Messe AG' });
    expect(created).toHaveTextContent('CODE-OF-MESSE');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Der Zugang ist erstellt, das PDF aber nicht: Das ist keine PDF-Datei. Es lässt sich unten beim Zugang hinzufügen.',
    );
  });

  it("refuses a file over 10 MB before sending it, and shows the API's line for one it refuses", async () => {
    const fetch = ownerServer({
      'POST /api/owner/accesses/a1/letters?name=Brief': () =>
        json({ statusCode: 415, message: 'Das ist keine PDF-Datei.' }, 415),
    });
    await signInAsOwner();
    const item = await mustersItem();
    await userEvent.click(item.getByRole('button', { name: 'PDF hinzufügen' }));
    await userEvent.upload(
      item.getByLabelText('PDF für Muster AG'),
      pdf('gross.pdf', 10 * 1024 * 1024 + 1),
    );
    await userEvent.click(item.getByRole('button', { name: 'Hochladen' }));
    expect(item.getByRole('alert')).toHaveTextContent('Die Datei ist grösser als 10 MB.');
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/letters'))).toBe(false);

    await userEvent.upload(item.getByLabelText('PDF für Muster AG'), pdf('Brief.pdf'));
    await userEvent.click(item.getByRole('button', { name: 'Hochladen' }));
    expect(await item.findByRole('alert')).toHaveTextContent('Das ist keine PDF-Datei.');
  });

  it('changes the sections a link sees, with a tap only to show more', async () => {
    let seen: string[] | null = null;
    const fetch = ownerServer({
      'GET /api/owner/accesses': () => json([{ ...muster, sections: seen }]),
      'PUT /api/owner/accesses/a1/sections': (request) => {
        seen = JSON.parse(String(request.init.body)).sections;
        return new Response(null, { status: 204 });
      },
    });
    await signInAsOwner();
    const item = await mustersItem();
    expect(item.getByText('Bereiche: alle')).toBeInTheDocument();
    await userEvent.click(item.getByRole('button', { name: 'Bereiche ändern' }));
    await userEvent.click(item.getByLabelText('GIBB'));
    await userEvent.click(item.getByRole('button', { name: 'Bereiche speichern' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.find(([url]) => url === '/api/owner/accesses/a1/sections')?.[1],
      ).toMatchObject({
        method: 'PUT',
        body: JSON.stringify({ sections: ['Bewerbung', 'BWD IMS', 'Überbetriebliche Kurse'] }),
      }),
    );
    // Narrower: no tap. Wider again: one, for exactly those sections.
    expect(confirmations(fetch)).toEqual([]);
    await userEvent.click(item.getByRole('button', { name: 'Bereiche ändern' }));
    await userEvent.click(item.getByLabelText('GIBB'));
    await userEvent.click(item.getByRole('button', { name: 'Bereiche speichern' }));
    await waitFor(() =>
      expect(confirmations(fetch)).toEqual([
        { change: 'widen-sections', target: JSON.stringify(['a1', SECTIONS]) },
      ]),
    );
  });

  it('says which PDF is damaged and withheld, so the owner replaces it', async () => {
    ownerServer({
      'GET /api/owner/accesses': () =>
        json([
          { ...muster, letters: [brief, { ...brief, id: 'l2', name: 'Zeugnis', damaged: true }] },
        ]),
    });
    await signInAsOwner();
    const item = await mustersItem();
    const damaged = item.getAllByText('beschädigt: die Firma sieht sie nicht, bis du sie ersetzt');
    expect(damaged).toHaveLength(1);
    expect(damaged[0].closest('li')).toHaveTextContent(/^Zeugnis/);
  });

  it('replaces and removes a PDF; with three there is no room for a fourth', async () => {
    const three = [
      brief,
      { ...brief, id: 'l2', name: 'Zeugnis' },
      { ...brief, id: 'l3', name: 'Referenz' },
    ];
    const fetch = ownerServer({
      'GET /api/owner/accesses': () => json([{ ...muster, letters: three }]),
      'PUT /api/owner/accesses/a1/letters/l1?name=Motivationsschreiben': () => json(brief),
      'DELETE /api/owner/accesses/a1/letters/l2': () => new Response(null, { status: 204 }),
    });
    await signInAsOwner();
    const item = await mustersItem();
    expect(item.getAllByText('(117 KB)')).toHaveLength(3);
    expect(
      item.getByText('Schon 3 eigene Dateien: zum Hinzufügen eine entfernen oder ersetzen.'),
    ).toBeInTheDocument();
    expect(item.queryByRole('button', { name: 'PDF hinzufügen' })).toBeNull();

    await userEvent.click(item.getAllByRole('button', { name: 'Ersetzen' })[0]);
    const newer = pdf('neu.pdf');
    const field = item.getByLabelText('Neue Fassung von „Motivationsschreiben“');
    const replacing = within(field.closest('form')!);
    await userEvent.upload(field, newer);
    expect(replacing.getByLabelText('Bezeichnung')).toHaveValue('Motivationsschreiben');
    await userEvent.click(replacing.getByRole('button', { name: 'Ersetzen' }));
    await waitFor(() =>
      expect(fetch.mock.calls.find(([, init]) => init?.body === newer)?.[1]?.method).toBe('PUT'),
    );

    await userEvent.click(item.getByRole('button', { name: 'Zeugnis Entfernen' }));
    const dialog = screen.getByRole('dialog', { name: 'Zugang für Muster AG' });
    expect(dialog).toHaveTextContent('„Zeugnis“ entfernen?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([url, init]) => url === '/api/owner/accesses/a1/letters/l2' && init?.method === 'DELETE',
        ),
      ).toBe(true),
    );
  });
});
