// An in-process stand-in for the API behind nginx: answers every request
// with what it received, plus headers nginx must not pass on twice.
// /api/slow is held open until the test calls release(), so a test that
// needs a request under way never races a timer on a slow machine.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bodyBytes: number;
}

export interface FakeUpstream {
  address: string;
  /** Requests received and not yet answered or abandoned. */
  pending(): number;
  /** Answers every /api/slow request held so far. */
  release(): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(): Promise<FakeUpstream> {
  let pending = 0;
  const held = new Set<() => void>();
  const server = http.createServer((req, res) => {
    let bodyBytes = 0;
    pending += 1;
    res.on('close', () => {
      pending -= 1;
      held.delete(answer);
    });
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('end', () => {
      if (req.url?.startsWith('/api/slow')) held.add(answer);
      else answer();
    });
    const answer = () => {
      const received: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        bodyBytes,
      };
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'x-powered-by': 'Express',
        'x-content-type-options': 'nosniff',
      });
      res.end(JSON.stringify(received));
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    pending: () => pending,
    release: () => {
      for (const answer of [...held]) answer();
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
