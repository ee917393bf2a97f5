// Both images rebuilt and run without a Docker engine (test/rehearsal):
// the stages each final stage needs are replayed from the build context in a
// private mount namespace, then the API image runs alone with only its
// production files, as its USER, with documents/ read-only and no .env, and
// the web image's entry point serves the bundle and proxies /api to it.
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  freePort,
  repoRoot,
  type SmtpSink,
  startSmtpSink,
  unzip,
  waitForMail,
} from '@portfolio/stack';
import { request } from './helpers/http-client';

const MAX_APP_BYTES = 40 * 1024 * 1024;
const isRoot = process.getuid?.() === 0;

interface Ready {
  apiUrl: string;
  webUrl: string;
  appBytes: number;
  coldStartMs: number;
  skipped: string[];
  apiLog: string;
  error?: string;
}

function startRunner(
  workDir: string,
  ports: object,
): Promise<{ child: ChildProcessWithoutNullStreams; ready: Ready }> {
  const runner = path.join(__dirname, 'rehearsal', 'runner.ts');
  const config = JSON.stringify({ repoRoot, workDir, ...ports });
  const child = spawn('unshare', [
    '-m',
    '--propagation',
    'private',
    process.execPath,
    '--import',
    'tsx',
    runner,
    config,
  ]);
  let output = '';
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('\n')) return;
      const ready = JSON.parse(output.split('\n')[0]) as Ready;
      if (ready.error) reject(new Error(ready.error));
      else resolve({ child, ready });
    });
    child.on('exit', (code) =>
      reject(new Error(`rehearsal runner exited with ${code}\n${errors}`)),
    );
  });
}

describe(
  'image rehearsal',
  { skip: isRoot ? false : 'needs root for a private mount namespace (unshare -m)' },
  () => {
    let workDir: string;
    let sink: SmtpSink;
    let runner: ChildProcessWithoutNullStreams | undefined;
    let ready: Ready;
    let token: string;

    before(async () => {
      workDir = await mkdtemp(path.join(os.tmpdir(), 'portfolio-rehearsal-'));
      await chmod(workDir, 0o755);
      sink = await startSmtpSink(path.join(workDir, 'mail'), 0, () => undefined);
      const ports = { apiPort: await freePort(), webPort: await freePort(), smtpPort: sink.port };
      ({ child: runner, ready } = await startRunner(workDir, ports));
      for (const line of ready.skipped) console.log(`rehearsal: ${line}`);
      console.log(
        `rehearsal: API image application files (/app): ${(ready.appBytes / 1024 / 1024).toFixed(1)} MB`,
      );
      console.log(`rehearsal: API cold start to a healthy /api/health: ${ready.coldStartMs} ms`);
    });

    after(async () => {
      runner?.stdin.end();
      if (runner && runner.exitCode === null)
        await new Promise((resolve) => runner?.on('exit', resolve));
      await sink?.stop();
      await rm(workDir, { recursive: true, force: true });
    });

    it('keeps the API image small: application files at most 40 MB', () => {
      assert.ok(ready.appBytes <= MAX_APP_BYTES, `/app holds ${ready.appBytes} bytes`);
    });

    it('prints a one-time password the owner can log in with, through nginx', async () => {
      const password = /One-time password for user "bewerbung"[^:]*: (\S+)/.exec(ready.apiLog)?.[1];
      assert.ok(password, 'one-time password in the API log');
      const response = await request(`${ready.webUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'bewerbung', password }),
      });
      assert.equal(response.status, 200);
      token = (JSON.parse(response.body.toString()) as { token: string }).token;
    });

    it('lists the mounted documents and sends one byte for byte', async () => {
      const auth = { authorization: `Bearer ${token}` };
      const list = await request(`${ready.webUrl}/api/documents`, { headers: auth });
      assert.equal(list.status, 200);
      const groups = JSON.parse(list.body.toString()) as Array<{
        files: Array<{ filename: string }>;
      }>;
      const filename = groups[0].files[0].filename;
      const file = await request(`${ready.webUrl}/api/download/${filename}`, { headers: auth });
      assert.equal(file.status, 200);
      assert.deepEqual(
        file.body,
        readFileSync(path.join(repoRoot, 'documents', 'samples', filename)),
      );
    });

    it('sends a valid documents.zip with every document', async () => {
      const zip = await request(`${ready.webUrl}/api/download-all`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(zip.status, 200);
      const entries = await unzip(zip.body);
      const manifest = JSON.parse(
        readFileSync(path.join(repoRoot, 'documents', 'samples', 'manifest.json'), 'utf8'),
      ) as Array<{
        files: unknown[];
      }>;
      assert.equal(entries.size, manifest.flatMap((group) => group.files).length);
    });

    it('delivers a contact message to the SMTP server', async () => {
      const response = await request(`${ready.webUrl}/api/mail`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Rehearsal',
          email: 'hr@example.ch',
          message: 'Aus dem Image.',
        }),
      });
      assert.equal(response.status, 200);
      const saved = await waitForMail(
        sink.mailDir,
        (mail) => mail.text?.includes('Aus dem Image.') ?? false,
      );
      assert.equal(saved.mail.replyTo?.value[0]?.address, 'hr@example.ch');
    });

    it('serves the bundle, its assets and the SPA fallback from the web image', async () => {
      const home = await request(`${ready.webUrl}/`);
      assert.equal(home.status, 200);
      const asset = /\/assets\/[^"\s]+\.js/.exec(home.body.toString())?.[0];
      assert.ok(asset, 'a script of the bundle');
      assert.equal((await request(`${ready.webUrl}${asset}`)).status, 200);
      const route = await request(`${ready.webUrl}/eine/unbekannte/seite`);
      assert.equal(route.status, 200);
      assert.match(route.body.toString(), /<div id="root">/);
      assert.deepEqual(
        JSON.parse((await request(`${ready.webUrl}/api/health`)).body.toString()).status,
        'ok',
      );
    });
  },
);
