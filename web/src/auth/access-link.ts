// A personal access link, https://<site>/protected#zugang=<code>, carries its
// code in the fragment: browsers never send it to a server. The protected
// page's early script (protected-early.ts), or the page itself when the app
// came first (use-access-link.ts), takes it out of the address bar and the
// history, so no later script, screenshot or bookmark sees it; it is then
// exchanged for a session (docs/product.md#personal-access-links).

import { ACCESS_LINK_PREFIX as PREFIX } from '../constants';
import { pageOfPath } from '../i18n/languages';

let pendingCode: string | undefined;

/** Removes a code from the address (the current history entry) and keeps it for the page. */
export function takeAccessCode(): void {
  // The documents page in either language.
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
