// A local SMTP server that accepts every mail and saves it as an .eml file,
// standing in for a real mail server in `make local` and the tests. It can
// be stopped and started again on the same port to simulate an outage.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { LogSink } from './processes';

export interface SmtpSink {
  readonly port: number;
  readonly mailDir: string;
  /** Starts listening again (on the same port) after stop(). */
  start(): Promise<void>;
  /** Stops listening; sending then fails with "connection refused". */
  stop(): Promise<void>;
}

let sequence = 0;

function fileNameFor(date: Date): string {
  sequence += 1;
  return `${date.toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(4, '0')}.eml`;
}

function createServer(mailDir: string, log: LogSink): SMTPServer {
  return new SMTPServer({
    // No STARTTLS offered, so a client with SMTP_SECURE=false needs no
    // certificate; any login is accepted for clients that send one.
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    closeTimeout: 500,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'sink' }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const file = path.join(mailDir, fileNameFor(new Date()));
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', ');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        writeFile(file, Buffer.concat(chunks))
          .then(() => {
            log(`[smtp] mail from <${from}> to <${to}> saved as ${file}`);
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      const address = server.server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/** Starts a sink on 127.0.0.1:`port` (0 = any free port) saving into `mailDir`. */
export async function startSmtpSink(
  mailDir: string,
  port: number,
  log: LogSink,
): Promise<SmtpSink> {
  await mkdir(mailDir, { recursive: true });
  let server: SMTPServer | undefined = createServer(mailDir, log);
  const boundPort = await listen(server, port);
  return {
    port: boundPort,
    mailDir,
    async start() {
      if (server) return;
      const next = createServer(mailDir, log);
      await listen(next, boundPort);
      server = next;
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
}
