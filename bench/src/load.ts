// Fixed-duration HTTP load from this process, for ratios against a reference
// measured the same way in the same run.
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  bytesPerSecond: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  headers?: Record<string, string>;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    headers: options.headers,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    bytesPerSecond: Math.round(result.throughput.average),
    non2xx: result.non2xx + result.errors,
  };
}
