/** What `work` gave and the seconds, wall clock, it took. */
export async function timed<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const start = process.hrtime.bigint();
  const result = await work();
  return { result, seconds: Number(process.hrtime.bigint() - start) / 1e9 };
}
