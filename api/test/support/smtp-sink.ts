import { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, SMTPServerOptions } from 'smtp-server';

/**
 * A real SMTP server inside the test process, on 127.0.0.1. It can be stopped
 * and started again on the same port to play an outage.
 */
export class SmtpSink {
  readonly mails: ParsedMail[] = [];
  port = 0;
  private server?: SMTPServer;

  constructor(private readonly options: Partial<SMTPServerOptions> = {}) {}

  async start(): Promise<void> {
    this.server = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      ...this.options,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => this.mails.push(mail))
          .then(() => callback(), callback);
      },
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
  }

  /** Waits until `count` mails have arrived (the outbox delivers after answering). */
  async waitForMails(count: number, timeoutMs = 60_000): Promise<ParsedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.mails.length < count) {
      if (Date.now() > deadline) throw new Error(`${this.mails.length} of ${count} mails arrived`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.mails;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
