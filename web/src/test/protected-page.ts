import { screen, within } from '@testing-library/react';
import type { DocumentGroup } from '../api/documents-client';
import { json, stubFetch, type Handler } from './fetch-stub';
import { renderApp } from './render-app';

// Shared by the protected page's tests: the manifest's four groups as the API lists them.
export const groups: DocumentGroup[] = [
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

export function logIn() {
  localStorage.setItem('isAuthenticated', 'true');
  localStorage.setItem('token', 'jwt');
}

/** The API as the protected page uses it; `files` answers /api/download/… and /api/download-all. */
export function api(
  files: Handler = () => new Response('%PDF', { headers: { 'Content-Type': 'application/pdf' } }),
) {
  return stubFetch((request) => {
    if (request.url === '/api/documents') return json(groups);
    if (request.url === '/api/auth/login') return json({ success: true, token: 'vom-gate' });
    return files(request);
  });
}

export async function openWelcome() {
  // The page's chunk loaded first: its first import is compiled on the spot, which on a busy
  // machine takes longer than a findBy waits; the app then renders it without suspending long.
  await import('../pages/protected/protected-page');
  renderApp('/protected');
  await screen.findByRole('heading', { level: 2, name: 'Bewerbung' });
}

export const fileRow = (name: string) => within(screen.getByText(name).closest('li')!);
