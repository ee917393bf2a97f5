// A personal access link, https://<site>/protected#zugang=<code>, carries its
// code in the fragment: browsers never send it to a server. The entry script
// takes it out of the address bar and the history before anything else runs
// (main.tsx), so no later script, screenshot or bookmark sees it; the
// protected page then exchanges it for a session (docs/product.md#personal-access-links).

const PREFIX = '#zugang=';
// The German and the English documents page (i18n/languages.ts). Written out here: this module
// is part of the 0.7 KB entry, which must not pull in the app's modules.
const PROTECTED_PAGE = /^(\/en)?\/protected$/;
let pendingCode: string | undefined;

/** Removes a code from the address (the current history entry) and keeps it for the page. */
export function takeAccessCode(): void {
  if (!PROTECTED_PAGE.test(location.pathname) || !location.hash.startsWith(PREFIX)) return;
  pendingCode = decodeURIComponent(location.hash.slice(PREFIX.length));
  history.replaceState(history.state, '', location.pathname + location.search);
}

/** The code taken from the address, once: a second call returns undefined. */
export function claimAccessCode(): string | undefined {
  const code = pendingCode;
  pendingCode = undefined;
  return code || undefined;
}
