// A personal access link, https://<site>/protected#zugang=<code>, carries its
// code in the fragment: browsers never send it to a server. The entry script
// takes it out of the address bar and the history before anything else runs
// (main.tsx), so no later script, screenshot or bookmark sees it; the
// protected page then exchanges it for a session (docs/product.md#personal-access-links).

import { pageOfPath } from '../i18n/languages';

const PREFIX = '#zugang=';
let pendingCode: string | undefined;

/** Removes a code from the address (the current history entry) and keeps it for the page. */
export function takeAccessCode(): void {
  // The English page takes the same link (/en/protected#zugang=…).
  if (pageOfPath(location.pathname) !== '/protected' || !location.hash.startsWith(PREFIX)) return;
  pendingCode = decodeURIComponent(location.hash.slice(PREFIX.length));
  history.replaceState(history.state, '', location.pathname + location.search);
}

/** The code taken from the address, once: a second call returns undefined. */
export function claimAccessCode(): string | undefined {
  const code = pendingCode;
  pendingCode = undefined;
  return code || undefined;
}

/** The access's name in a token from an access link; undefined for the shared login. */
export function accessNameOf(token: string | null): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
    );
    const { name } = JSON.parse(json) as { name?: unknown };
    return typeof name === 'string' && name ? name : undefined;
  } catch {
    return undefined;
  }
}
