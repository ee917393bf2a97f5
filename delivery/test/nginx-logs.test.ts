// What a client can make nginx write: the length of the path, of the query
// and of the headers is the client's choice, so the logs carry only a
// bounded prefix of each, and refused requests add no error-log lines.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startFront, type Front } from './helpers/front';
import { request } from './helpers/http-client';
import { makeRunDir, type RunningNginx } from './helpers/nginx-runner';
import { until } from './helpers/until';

const LONG = 'a'.repeat(6 * 1024);
const MAX_BYTES_PER_REQUEST = 300;

// nginx writes a request's line after the client has its answer, so a test
// waits for the lines it caused before it reads them.
function linesSince(file: string, offset: number): string[] {
  const added = readFileSync(file).subarray(offset).toString('utf8');
  return added.split('\n').filter((line) => line !== '');
}

describe('nginx logs under long requests', () => {
  let dir: string;
  let accessLog: string;
  let front: Front;
  let nginx: RunningNginx;

  before(async () => {
    dir = await makeRunDir();
    accessLog = path.join(dir, 'access.log');
    front = await startFront({}, accessLog);
    nginx = front.nginx;
  });

  after(async () => {
    await front?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes less than 300 bytes per request with a 6 KB path and 8 KB of headers', async () => {
    const headers = { 'user-agent': 'U'.repeat(2048), referer: `https://example.ch/${LONG}` };
    const paths = [
      `/assets/${LONG}`, // a missing asset: 404
      `/${LONG}`, // an app route: the shell
      `/a/${'b/'.repeat(3 * 1024)}`,
      `/api/documents/${LONG}`, // the API
      `/api/mail?${LONG}`, // refused by the rate limit after the first two
    ];
    const accessBefore = statSync(accessLog).size;
    const errorBefore = nginx.errorLogBytes();
    const statuses = new Set<number>();
    for (let i = 0; i < 50; i += 1) {
      const target = paths[i % paths.length];
      const method = target.startsWith('/api/mail') ? 'POST' : 'GET';
      statuses.add((await request(`${nginx.baseUrl}${target}`, { method, headers })).status);
    }
    assert.deepEqual([...statuses].sort(), [200, 404, 429]);
    await until(() => linesSince(accessLog, accessBefore).length >= 50, '50 access-log lines');
    const written = statSync(accessLog).size - accessBefore + nginx.errorLogBytes() - errorBefore;
    assert.ok(
      written < 50 * MAX_BYTES_PER_REQUEST,
      `${written} bytes for 50 requests; error log: ${nginx.errorLog().slice(-500)}`,
    );
  });

  it('still tells the owner who asked for what and the answer, without the referrer', async () => {
    const accessBefore = statSync(accessLog).size;
    await request(`${nginx.baseUrl}/assets/${LONG}`, {
      headers: { 'user-agent': `Mozilla/5.0 ${'X'.repeat(500)}`, referer: 'https://ref.example/' },
    });
    const line = await until(
      () => linesSince(accessLog, accessBefore).find((entry) => entry.includes('"Mozilla/5.0 ')),
      'the access-log line',
    );
    assert.match(
      line,
      /^127\.0\.0\.1 \[[^\]]+\] "GET \/assets\/a{100,}\.\.\." 404 \d+ [\d.]+ "Mozilla\/5\.0 X+\.\.\."$/,
    );
    assert.doesNotMatch(line, /ref\.example/);
  });
});
