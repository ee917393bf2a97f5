type Pending = undefined | false;

/**
 * Polls `probe` until it gives something other than undefined or false, and
 * returns that; fails naming `what` after `timeoutMs`.
 */
export async function until<T>(
  probe: () => Promise<T | Pending> | T | Pending,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
