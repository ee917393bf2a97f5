import net from 'node:net';

/**
 * Every port this process has handed out. A port given to a server that does
 * not bind it yet (nginx listens for HTTPS only once it has a certificate)
 * is free again to the OS, which may offer it to the next caller.
 */
const handedOut = new Set<number>();

/** Listens on a port of the OS's choosing on 127.0.0.1; resolves with the server and its port. */
function listening(): Promise<{ server: net.Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0 });
    });
  });
}

/**
 * `count` different ports, each free on 127.0.0.1 a moment ago and never
 * handed out before in this process (the OS picks them, all held until the
 * last is picked): for a process that binds them itself later. A server of
 * the caller's own binds port 0 instead.
 */
export async function freePorts(count: number): Promise<number[]> {
  const held: Array<{ server: net.Server; port: number }> = [];
  const picked: number[] = [];
  try {
    while (picked.length < count) {
      const next = await listening();
      held.push(next);
      if (!handedOut.has(next.port)) picked.push(next.port);
    }
    for (const port of picked) handedOut.add(port);
    return picked;
  } finally {
    await Promise.all(held.map(({ server }) => new Promise((resolve) => server.close(resolve))));
  }
}

/** A port that was free on 127.0.0.1 a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port;
}
