import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-stub';
import {
  inBrowserWithPasskeys,
  muster,
  ownerServer,
  signInAsOwner,
  TOKEN,
} from '../../test/owner-server';
import { renderApp } from '../../test/render-app';
import { startAuthentication } from '@simplewebauthn/browser';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(() => Promise.resolve({ id: 'credential', type: 'public-key' })),
  startRegistration: vi.fn(() => Promise.resolve({ id: 'credential', type: 'public-key' })),
}));

describe('the owner page', () => {
  inBrowserWithPasskeys();

  it('says in one line when the browser cannot use passkeys here', async () => {
    vi.stubGlobal('PublicKeyCredential', undefined);
    renderApp('/verwaltung');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Browser kann hier keine Passkeys verwenden',
    );
    expect(screen.queryByRole('button', { name: 'Mit Passkey anmelden' })).toBeNull();
  });

  it('lists the accesses with their use once signed in, sending the token', async () => {
    const fetch = ownerServer();
    await signInAsOwner();
    const item = (await screen.findByRole('heading', { name: /Muster AG/ })).closest('li')!;
    expect(within(item).getByText('aktiv')).toBeInTheDocument();
    expect(within(item).getByText('3')).toBeInTheDocument();
    const listCall = fetch.mock.calls.find(([url]) => url === '/api/owner/accesses');
    expect(listCall?.[1]?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
  });

  it('makes a link for a company: link, code and its QR code', async () => {
    const fetch = ownerServer({
      'POST /api/owner/accesses': () =>
        json(
          {
            id: 'a2',
            name: 'Beispiel GmbH',
            link: 'http://localhost/protected#zugang=ABCD-EFGH',
            code: 'ABCD-EFGH',
            expiresAt: '2027-02-24T08:00:00.000Z',
          },
          201,
        ),
    });
    await signInAsOwner();
    await userEvent.type(screen.getByLabelText('Firma'), 'Beispiel GmbH');
    await userEvent.click(screen.getByRole('button', { name: 'Link erstellen' }));
    const card = await screen.findByRole('article', { name: 'Zugang für Beispiel GmbH' });
    expect(within(card).getByText('ABCD-EFGH')).toBeInTheDocument();
    expect(within(card).getByRole('link')).toHaveAttribute(
      'href',
      'http://localhost/protected#zugang=ABCD-EFGH',
    );
    expect(
      within(card).getByRole('img', { name: 'QR-Code des Links für Beispiel GmbH' }),
    ).toBeInTheDocument();
    const bodies = fetch.mock.calls
      .filter(([, init]) => init?.method === 'POST' && init.body?.toString().includes('Beispiel'))
      .map(([url, init]) => [url, JSON.parse(String(init?.body))]);
    // One tap for exactly this link, which then carries it.
    expect(bodies).toEqual([
      [
        '/api/owner/confirmation/options',
        { change: 'create-access', target: '["Beispiel GmbH",90,null,null]' },
      ],
      [
        '/api/owner/accesses',
        {
          name: 'Beispiel GmbH',
          days: 90,
          confirmation: { id: 'credential', type: 'public-key' },
        },
      ],
    ]);
  });

  it('revokes only after asking, then shows the access as revoked', async () => {
    const fetch = ownerServer();
    await signInAsOwner();
    await userEvent.click(await screen.findByRole('button', { name: 'Widerrufen' }));
    const dialog = screen.getByRole('dialog', { name: 'Zugang für Muster AG' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Widerrufen' }));
    expect(await screen.findByText('widerrufen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Widerrufen' })).toBeNull();
  });

  const bodyOf = (fetch: ReturnType<typeof ownerServer>, url: string) =>
    JSON.parse(String(fetch.mock.calls.find(([called]) => called === url)?.[1]?.body));

  it("previews the line on every page of a company's PDFs, and switches it off only with the passkey", async () => {
    const fetch = ownerServer();
    await signInAsOwner();
    const preview = await screen.findByRole('figure', {
      name: /Vorschau des Stempels für Muster AG/,
    });
    expect(preview).toHaveTextContent('Muster AG · Bewerbung / application · 20.11.2026');
    vi.mocked(startAuthentication).mockClear();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Name auf jeder Seite' }));
    expect(
      await screen.findByText(/Ohne Stempel: die Firma erhält die PDFs unverändert/),
    ).toBeVisible();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(startAuthentication).toHaveBeenCalledTimes(1);
    expect(bodyOf(fetch, '/api/owner/accesses/a1/stamp')).toMatchObject({
      on: false,
      confirmation: { id: 'credential' },
    });
    // Back on shows the company less: no tap.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Name auf jeder Seite' }));
    expect(await screen.findByRole('figure')).toBeVisible();
    expect(startAuthentication).toHaveBeenCalledTimes(1);
  });

  it('names each PDF of a link that goes out without the stamp, and why', async () => {
    const unstamped = [
      { name: 'Arbeitszeugnis.pdf', reason: 'signed' },
      { name: 'Riesenscan.pdf', reason: 'too-costly' },
    ];
    ownerServer({ 'GET /api/owner/accesses': () => json([{ ...muster, unstamped }]) });
    await signInAsOwner();
    expect(await screen.findByText('Arbeitszeugnis.pdf geht ungestempelt: signiert')).toBeVisible();
    expect(
      screen.getByText('Riesenscan.pdf geht ungestempelt: zu gross oder zu aufwändig'),
    ).toBeVisible();
  });

  it('asks the passkey once more before a setup link for another device, then shows its QR code', async () => {
    const fetch = ownerServer();
    await signInAsOwner();
    await userEvent.click(screen.getByRole('button', { name: 'Weiteres Gerät hinzufügen' }));
    expect(
      await screen.findByRole('img', { name: 'QR-Code des Einrichtungslinks' }),
    ).toBeInTheDocument();
    expect(screen.getByText('http://localhost/verwaltung#einrichten=next')).toBeInTheDocument();
    expect(bodyOf(fetch, '/api/owner/confirmation/options')).toEqual({ change: 'setup-link' });
    expect(startAuthentication).toHaveBeenLastCalledWith({ optionsJSON: { challenge: 'confirm' } });
    expect(bodyOf(fetch, '/api/owner/setup-links')).toEqual({
      confirmation: { id: 'credential', type: 'public-key' },
    });
  });

  it('removes a passkey after asking, confirmed with the passkey', async () => {
    const fetch = ownerServer();
    await signInAsOwner();
    await userEvent.click(
      await screen.findByRole('button', { name: 'iPhone · Safari, 20.11.2026 Entfernen' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Passkeys' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await waitFor(() =>
      expect(bodyOf(fetch, '/api/owner/passkeys/p1/remove')).toEqual({
        confirmation: { id: 'credential', type: 'public-key' },
      }),
    );
    expect(bodyOf(fetch, '/api/owner/confirmation/options')).toEqual({
      change: 'remove-passkey',
      passkeyId: 'p1',
    });
  });

  it('says so in words when the confirmation is cancelled, and changes nothing', async () => {
    const fetch = ownerServer();
    await signInAsOwner();
    vi.mocked(startAuthentication).mockRejectedValueOnce(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Weiteres Gerät hinzufügen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Abgebrochen. Nochmals versuchen?');
    expect(fetch.mock.calls.some(([url]) => url === '/api/owner/setup-links')).toBe(false);
  });

  it('ends the token on the server when logging out', async () => {
    const fetch = ownerServer();
    await signInAsOwner();
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Mit Passkey anmelden' })).toBeInTheDocument();
    const logout = fetch.mock.calls.find(([url]) => url === '/api/owner/logout');
    expect(logout?.[1]?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('returns to the sign-in with a line when the session has ended', async () => {
    ownerServer({
      'GET /api/owner/passkeys': () => json({ message: 'Unauthorized' }, 401),
    });
    renderApp('/verwaltung');
    await userEvent.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Sitzung ist abgelaufen');
    expect(screen.getByRole('button', { name: 'Mit Passkey anmelden' })).toBeInTheDocument();
  });

  it('registers a passkey with the setup link, which leaves the address bar at once', async () => {
    const fetch = ownerServer();
    renderApp('/verwaltung#einrichten=setup-token');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/verwaltung$/));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Passkey für dieses Gerät einrichten' }),
    );
    await screen.findByRole('heading', { name: 'Zugänge' });
    const options = fetch.mock.calls.find(([url]) => url === '/api/owner/setup/options');
    expect(JSON.parse(String(options?.[1]?.body))).toEqual({ setupToken: 'setup-token' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/verwaltung$/));
  });

  it('shows a refused setup link in words', async () => {
    ownerServer({
      'POST /api/owner/setup/options': () =>
        json(
          { message: 'Dieser Einrichtungslink ist ungültig, abgelaufen oder schon benutzt.' },
          401,
        ),
    });
    renderApp('/verwaltung#einrichten=used');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Passkey für dieses Gerät einrichten' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'ungültig, abgelaufen oder schon benutzt',
      ),
    );
  });
});
