// The outbox's promise, tried on the built API as a real process: a kill -9
// while a mail is being sent loses nothing (at most one duplicate), and a
// full disk answers 503 without leaving half-written files behind, while the
// messages stored before it are still delivered. See docs/faults.md.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { CONFIG_KEYS } from '@portfolio/api/config';
import {
  apiMain,
  freePort,
  type ManagedProcess,
  repoRoot,
  startProcess,
  stopProcess,
  waitForHttp,
} from '@portfolio/stack';
import { request } from './helpers/http-client';
import { scratchDir } from './helpers/scratch';
import { until } from './helpers/until';

const CONTACT = JSON.stringify({
  name: 'Anna Müller',
  email: 'anna@example.ch',
  message: `Grüezi ${'aus Bern '.repeat(60)}`,
});
const isRoot = process.getuid?.() === 0;

/**
 * An SMTP server that records each mail and can run a step before it
 * answers, bound at once on a port of the OS's choosing. `refusing`: it
 * answers every mail with a temporary failure (451) until accept(), as a
 * mail server that is down for a while; its port is never free for another.
 */
async function startSink(beforeAnswer: () => void = () => {}, refusing = false) {
  const mails: string[] = [];
  let accepting = !refusing;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (accepting) return callback();
      callback(Object.assign(new Error('Not now'), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(Buffer.concat(chunks).toString('utf8'));
        beforeAnswer();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    mails,
    accept: () => (accepting = true),
    stop: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

async function startApi(outbox: string, smtpPort: number, wrap: string[] = []) {
  const port = await freePort();
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  for (const key of CONFIG_KEYS) env[key] = '';
  Object.assign(env, {
    API_PORT: String(port),
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    MAIL_TO: 'owner@example.ch',
    MAIL_OUTBOX_DIR: outbox,
    MAIL_RETRY_SCHEDULE: '1s',
    MAIL_SEND_LEASE: '1s',
    MAIL_RATE_LIMIT: '1000',
  });
  const [command, ...args] = [...wrap, process.execPath, apiMain];
  const api = startProcess('api', command, args, { env, cwd: repoRoot }, () => {});
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/api/health`, api, 'api');
  return { api, url };
}

const post = (url: string) =>
  request(`${url}/api/mail`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: CONTACT,
  });

describe('contact mail through faults of a home server', () => {
  const running: ManagedProcess[] = [];
  const sinks: Array<{ stop: () => Promise<void> }> = [];
  after(async () => {
    for (const api of running) await stopProcess(api);
    for (const sink of sinks) await sink.stop();
  });

  it('kill -9 at the moment the server takes a mail: sent again after restart, never lost', async () => {
    const outbox = scratchDir('portfolio-outbox-kill-');
    let victim: ManagedProcess | undefined;
    // The API dies after the server has the mail and before it hears "250 OK": the worst moment.
    const sink = await startSink(() => victim?.child.kill('SIGKILL'));
    sinks.push(sink);
    const first = await startApi(outbox, sink.port);
    victim = first.api;
    running.push(first.api);

    assert.equal((await post(first.url)).status, 200);
    await first.api.exited;
    assert.equal(sink.mails.length, 1);
    assert.equal(readdirSync(path.join(outbox, 'sending')).length, 1);

    victim = undefined;
    const second = await startApi(outbox, sink.port);
    running.push(second.api);
    await until(() => sink.mails.length === 2, 'the mail sent again');
    assert.match(sink.mails[1], /Subject: =\?UTF-8\?Q\?Kontaktanfrage_von_Anna_M=C3=BCller\?=/);
    await until(() => readdirSync(path.join(outbox, 'sending')).length === 0, 'an empty outbox');
    assert.deepEqual(readdirSync(path.join(outbox, 'queue')), []);
  });

  it(
    'a full disk answers 503, leaves no temporary file and still delivers what it stored',
    { skip: isRoot ? false : 'needs root for a private mount namespace' },
    async () => {
      const outbox = scratchDir('portfolio-outbox-full-');
      const sink = await startSink(undefined, true);
      sinks.push(sink);
      // A 48 KiB tmpfs, mounted for the API alone, plays the full SD card.
      const mountAndRun = `mount -t tmpfs -o size=48k tmpfs "${outbox}" && exec "$0" "$@"`;
      const { api, url } = await startApi(outbox, sink.port, [
        'unshare',
        '-m',
        'sh',
        '-c',
        mountAndRun,
      ]);
      running.push(api);
      const seen = (folder: string) => `/proc/${api.child.pid}/root${outbox}/${folder}`;

      const statuses: number[] = [];
      for (let i = 0; i < 60 && !statuses.includes(503); i += 1)
        statuses.push((await post(url)).status);
      const stored = statuses.filter((status) => status === 200).length;
      assert.ok(stored > 0, `some messages fit (${statuses.join(',')})`);
      assert.equal(statuses.at(-1), 503);
      // A write under way may be there for a moment; one that failed must not stay.
      await until(() => readdirSync(seen('tmp')).length === 0, 'no temporary file');
      const health = JSON.parse((await request(`${url}/api/health`)).body.toString());
      assert.equal(health.mail.queued, stored);

      sink.accept();
      await until(() => sink.mails.length === stored, `${stored} delivered mails`, 30_000);
      for (const file of readdirSync(seen('queue')))
        JSON.parse(readFileSync(path.join(seen('queue'), file), 'utf8'));
    },
  );
});
