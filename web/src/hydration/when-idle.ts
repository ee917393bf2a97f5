/** How long a browser without requestIdleCallback (Safari) waits instead. */
const IDLE_FALLBACK_MS = 2000;

/** Resolves when the browser is next idle: for work the first paint and the first tap do not need. */
export function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve());
    else setTimeout(resolve, IDLE_FALLBACK_MS);
  });
}
