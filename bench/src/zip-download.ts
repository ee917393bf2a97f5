// The ZIP of all documents: downloaded by n clients at once, against a bare
// nginx sending a static file of the same size to as many clients. Both
// discard what they receive.
import { timed } from './timed.ts';

/** Downloads `url`, with the session's token when given, and discards what arrives. */
export async function drain(url: string, token: string): Promise<void> {
  const response = await fetch(url, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  if (!response.ok || !response.body) throw new Error(`${url}: status ${response.status}`);
  for await (const chunk of response.body) void chunk;
}

function parallel(count: number, work: () => Promise<void>): Promise<void[]> {
  return Promise.all(Array.from({ length: count }, work));
}

/** Seconds until `clients` parallel downloads of the ZIP have all finished. */
export async function timeZipDownloads(
  url: string,
  token: string,
  clients: number,
): Promise<number> {
  return (await timed(() => parallel(clients, () => drain(url, token)))).seconds;
}

/** Seconds until `clients` parallel downloads of a static file (no token) have all finished. */
export async function timeStaticDownloads(url: string, clients: number): Promise<number> {
  return (await timed(() => parallel(clients, () => drain(url, '')))).seconds;
}

/** The size a download (a file, documents.zip) is sent with (Content-Length). */
export async function downloadSize(url: string, token: string): Promise<number> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  await response.body?.cancel();
  return Number(response.headers.get('content-length'));
}
