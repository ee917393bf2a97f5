import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait for what should appear as long as a loaded machine needs: a test
// fails on what it asserts, never on how fast it runs (vite.config.ts: testTimeout).
configure({ asyncUtilTimeout: 15_000 });

// jsdom has no scrolling; the app's scroll calls are observed through this mock.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom's browser prefers English; the tests' visitor, like the site's, prefers Swiss German
// (tests of the offer of English say otherwise).
Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['de-CH', 'de'] });

// jsdom has no idle callbacks; a browser runs them as soon as nothing else is pending.
window.requestIdleCallback = (callback) =>
  window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }));
window.cancelIdleCallback = (handle) => window.clearTimeout(handle);

// Chunks fetched ahead (when idle, on hover) may still be loading when a test ends; a module
// loaded after the test file's environment is gone fails the whole run. Each test waits for
// the chunks it started.
const chunksLoading = new Set<Promise<unknown>>();
vi.mock('../hydration/preloadable-lazy', async (importOriginal) => {
  const original = await importOriginal<typeof import('../hydration/preloadable-lazy')>();
  return {
    preloadableLazy: <P>(load: Parameters<typeof original.preloadableLazy<P>>[0]) =>
      original.preloadableLazy<P>(() => {
        const chunk = load();
        chunksLoading.add(chunk);
        return chunk;
      }),
  };
});

afterEach(async () => {
  // Unmounting cancels idle work that has not started yet.
  cleanup();
  // The session's mark on <html>, which decides the variant CSS shows (auth/session-variant.tsx).
  delete document.documentElement.dataset.session;
  await Promise.allSettled(chunksLoading);
  chunksLoading.clear();
  localStorage.clear();
  delete window.portfolioEarlyCalls;
  document.documentElement.removeAttribute('data-theme');
});
