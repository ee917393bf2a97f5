// Keeps every Blob the page turns into an object URL, so a test can read the
// bytes behind the blob: address a new tab shows. (The site's CSP rightly
// forbids fetching blob: addresses, so they cannot be read back otherwise.)
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    e2eBlobs?: Map<string, Blob>;
  }
}

export async function spyOnObjectUrls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const blobs = new Map<string, Blob>();
    window.e2eBlobs = blobs;
    const create = URL.createObjectURL.bind(URL);
    URL.createObjectURL = (object: Blob | MediaSource) => {
      const url = create(object);
      if (object instanceof Blob) blobs.set(url, object);
      return url;
    };
  });
}

export async function blobBehind(page: Page, url: string) {
  const { type, bytes } = await page.evaluate(async (address) => {
    const blob = window.e2eBlobs?.get(address);
    if (!blob) throw new Error(`no blob was made for ${address}`);
    return { type: blob.type, bytes: Array.from(new Uint8Array(await blob.arrayBuffer())) };
  }, url);
  return { type, bytes: Buffer.from(bytes) };
}
