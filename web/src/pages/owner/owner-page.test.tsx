import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch, type Handler } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';
import { startAuthentication } from '@simplewebauthn/browser';

vi.mock('@simplewebauthn/browser', () => ({
  startAuthentication: vi.fn(() => Promise.resolve({ id: 'credential', type: 'public-key' })),
  startRegistration: vi.fn(() => Promise.resolve({ id: 'credential', type: 'public-key' })),
}));

const TOKEN = 'owner-token';
const signedIn = () => json({ token: TOKEN, expiresIn: 900 });
const muster = {
  id: 'a1',
  name: 'Muster AG',
  createdAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2027-02-18T08:00:00.000Z',
  state: 'active',
  firstUsedAt: '2026-11-21T09:30:00.000Z',
  lastUsedAt: '2026-11-22T10:00:00.000Z',
  uses: 3,
  downloads: 2,
};

/** The owner API as the page sees it; `overrides` answer some calls differently. */
function ownerServer(overrides: Record<string, Handler> = {}) {
  let accesses = [muster];
  return stubFetch((request) => {
    const method = request.init.method ?? 'GET';
    const key = `${method} ${request.url}`;
    if (overrides[key]) return overrides[key](request);
    switch (key) {
      case 'POST /api/owner/login/options':
      case 'POST /api/owner/setup/options':
        return json({ challenge: 'c' });
      case 'POST /api/owner/login/verify':
      case 'POST /api/owner/setup/verify':
        return signedIn();
      case 'GET /api/owner/accesses':
        return json(accesses);
      case 'GET /api/owner/passkeys':
        return json([
          {
            id: 'p1',
            label: 'iPhone · Safari, 20.11.2026',
            createdAt: muster.createdAt,
            lastUsedAt: null,
          },
        ]);
      case 'DELETE /api/owner/accesses/a1':
        accesses = [{ ...muster, state: 'revoked' }];
        return new Response(null, { status: 204 });
      case 'POST /api/owner/confirmation/options':
        return json({ challenge: 'confirm' });
      case 'POST /api/owner/setup-links':
        return json(
          {
            url: 'http://localhost/verwaltung#einrichten=next',
            expiresAt: '2026-11-20T08:15:00.000Z',
          },
          201,
        );
      case 'POST /api/owner/passkeys/p1/remove':
      case 'POST /api/owner/logout':
        return new Response(null, { status: 204 });
      default:
        return json({ message: `unexpected ${key}` }, 500);
    }
  });
}

async function signInAsOwner() {
  renderApp('/verwaltung');
  await userEvent.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }));
  await screen.findByRole('heading', { name: 'Zugänge' });
}

describe('the owner page', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('isSecureContext', true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

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
    const create = fetch.mock.calls.find(
      ([, init]) => init?.method === 'POST' && init.body?.toString().includes('Beispiel'),
    );
    expect(JSON.parse(String(create?.[1]?.body))).toEqual({ name: 'Beispiel GmbH', days: 90 });
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
