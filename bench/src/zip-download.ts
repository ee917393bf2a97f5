// The ZIP of all documents: downloaded by n clients at once, against
// `zip -0 -r` of the same folder run n times at once. Both discard the
// archive, so neither pays for writing it to disk.
import { spawn } from 'node:child_process';

async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - start) / 1e9;
}

async function drain(url: string, token: string): Promise<void> {
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok || !response.body) throw new Error(`${url}: status ${response.status}`);
  for await (const chunk of response.body) void chunk;
}

function zipToNowhere(dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const zip = spawn('zip', ['-0', '-r', '-q', '-', '.'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    zip.once('error', reject);
    zip.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`zip exited ${code}`))));
  });
}

function parallel(count: number, work: () => Promise<void>): Promise<void[]> {
  return Promise.all(Array.from({ length: count }, work));
}

/** Seconds until `clients` parallel downloads of the ZIP have all finished. */
export function timeZipDownloads(url: string, token: string, clients: number): Promise<number> {
  return timed(() => parallel(clients, () => drain(url, token)));
}

/** Seconds until `clients` parallel `zip -0 -r` runs over `dir` have all finished. */
export function timeZipReference(dir: string, clients: number): Promise<number> {
  return timed(() => parallel(clients, () => zipToNowhere(dir)));
}
