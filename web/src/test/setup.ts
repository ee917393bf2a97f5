import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no scrolling; the app's scroll calls are observed through this mock.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom has no idle callbacks; a browser runs them as soon as nothing else is pending.
window.requestIdleCallback = (callback) =>
  window.setTimeout(() => callback({ didTimeout: false, timeRemaining: () => 50 }));

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
});
