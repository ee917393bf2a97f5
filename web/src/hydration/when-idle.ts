/** How long a browser without requestIdleCallback (Safari) waits instead. */
const IDLE_FALLBACK_MS = 2000;

/**
 * Runs `task` when the browser is next idle: for work the first paint and the first tap do not
 * need. Returns a function that cancels it, for a component that unmounts before then.
 */
export function onIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(task);
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, IDLE_FALLBACK_MS);
  return () => clearTimeout(timer);
}
