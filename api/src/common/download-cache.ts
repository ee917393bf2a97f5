import type { Logger } from '@nestjs/common';

// The rule both download caches keep (documents.zip, the stamped copies): a
// file the API just named to nginx stays this long, since nginx opens it only
// after the API's answer and may send it slowly.
export const KEPT_AFTER_USE_MS = 10 * 60_000;

/** Runs `sweep` every KEPT_AFTER_USE_MS until the returned stop is called. */
export function startSweeping(
  name: string,
  sweep: () => Promise<void>,
  logger: Logger,
): () => void {
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => {
      logger.warn(`${name}: sweep failed (${(error as Error).message})`);
    });
  }, KEPT_AFTER_USE_MS);
  timer.unref();
  return () => clearInterval(timer);
}
