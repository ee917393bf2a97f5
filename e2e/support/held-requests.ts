import type { Page } from '@playwright/test';

export interface HeldRequests {
  /** Lets every held request, and every later one, go on. */
  release: () => void;
  /** How many matching requests the page has sent so far. */
  count: () => number;
}

/** Holds the page's requests to `url` until `release()`: a slow line, or a call still pending. */
export async function holdRequests(page: Page, url: string | RegExp): Promise<HeldRequests> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route(url, async (route) => {
    count += 1;
    await held;
    await route.continue();
  });
  return { release, count: () => count };
}
