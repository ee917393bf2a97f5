// Hands a downloaded blob to the browser: shown in a new tab, or saved under a file name.

/** Long enough for the new tab or the download to have read the blob. */
const REVOKE_AFTER_MS = 60_000;

function revokeLater(url: string): void {
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

function clickLink(url: string, setup: (link: HTMLAnchorElement) => void): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  setup(link);
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Opens the tab synchronously, inside the click, so popup blockers let it through; it
 * gets the blob's address once the file has arrived. Closes it again if loading fails.
 */
export async function openInNewTab(load: () => Promise<Blob>, loading: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.opener = null;
    tab.document.title = loading;
    tab.document.body.textContent = loading;
  }
  try {
    const url = URL.createObjectURL(await load());
    revokeLater(url);
    if (tab) tab.location.href = url;
    else clickLink(url, (link) => (link.target = '_blank'));
  } catch (error) {
    tab?.close();
    throw error;
  }
}

export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  revokeLater(url);
  clickLink(url, (link) => (link.download = filename));
}
