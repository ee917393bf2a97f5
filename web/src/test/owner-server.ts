// The owner API as the owner page's tests meet it: one company's access, the manifest's
// sections, a passkey; each test may answer some calls differently.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import type { AccessView } from '@portfolio/api/contract';
import { json, stubFetch, type Handler } from './fetch-stub';
import { renderApp } from './render-app';

export const TOKEN = 'owner-token';
const signedIn = () => json({ token: TOKEN, expiresIn: 900 });
export const muster: AccessView = {
  id: 'a1',
  name: 'Muster AG',
  createdAt: '2026-11-20T08:00:00.000Z',
  expiresAt: '2027-02-18T08:00:00.000Z',
  state: 'active',
  firstUsedAt: '2026-11-21T09:30:00.000Z',
  lastUsedAt: '2026-11-22T10:00:00.000Z',
  uses: 3,
  downloads: 2,
  sections: null,
  letters: [],
  stamp: true,
  stampLine: 'Muster AG · Bewerbung / application · 20.11.2026',
  unstamped: [],
};

/** The manifest's sections, as GET /api/owner/sections lists them. */
export const SECTIONS = ['Bewerbung', 'BWD IMS', 'GIBB', 'Überbetriebliche Kurse'];

/** The owner API as the page sees it; `overrides` answer some calls differently. */
export function ownerServer(overrides: Record<string, Handler> = {}) {
  let accesses: AccessView[] = [muster];
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
      case 'GET /api/owner/sections':
        return json(SECTIONS);
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
      case 'PUT /api/owner/accesses/a1/stamp': {
        const { on } = JSON.parse(String(request.init.body)) as { on: boolean };
        accesses = accesses.map((access) => ({ ...access, stamp: on }));
        return new Response(null, { status: 204 });
      }
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

export async function signInAsOwner() {
  // The page's chunk loaded first, as for the protected page (test/protected-page.ts).
  await import('../pages/owner/owner-page');
  renderApp('/verwaltung');
  await userEvent.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }));
  await screen.findByRole('heading', { name: 'Zugänge' });
}

/** Each test of the calling block in a secure page whose browser offers passkeys. */
export function inBrowserWithPasskeys() {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    vi.stubGlobal('isSecureContext', true);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
