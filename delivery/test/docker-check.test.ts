// scripts/check-docker.sh, which every Docker target of the Makefile runs
// first: with a `docker` on PATH that answers like each engine an owner may
// have, `make up` either goes on or stops with one line naming what to
// install. The real engine's answer is checked by the engine suite.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { repoRoot } from '@portfolio/stack';

const dir = mkdtempSync(path.join(os.tmpdir(), 'portfolio-docker-check-'));

/** A `docker` that reports these versions (empty: the call fails), and whether its kernel enforces memory limits. */
function fakeDocker(engine: string, compose: string, memoryLimit = 'true'): string {
  const bin = mkdtempSync(path.join(dir, 'bin-'));
  const answer = (version: string) => (version ? `echo ${version}` : 'exit 1');
  writeFileSync(
    path.join(bin, 'docker'),
    `#!/bin/sh
case "$1" in
  version) ${answer(engine)} ;;
  compose) ${answer(compose)} ;;
  info) echo ${memoryLimit} ;;
  *) exit 1 ;;
esac
`,
  );
  writeFileSync(path.join(bin, 'docker-compose'), `#!/bin/sh\necho 1.29.2\n`);
  chmodSync(path.join(bin, 'docker'), 0o755);
  chmodSync(path.join(bin, 'docker-compose'), 0o755);
  return bin;
}

function makeCheck(bin: string, compose?: string) {
  const result = spawnSync(
    'make',
    ['--no-print-directory', 'docker-check', ...(compose ? [`COMPOSE=${compose}`] : [])],
    {
      cwd: repoRoot,
      env: { PATH: `${bin}:/usr/bin:/bin` },
      encoding: 'utf8',
    },
  );
  return { status: result.status, lines: result.stderr.trim().split('\n').filter(Boolean) };
}

describe('the Docker check before make up', () => {
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('runs before every target that uses Docker', () => {
    const makefile = readFileSync(path.join(repoRoot, 'Makefile'), 'utf8');
    const rules = makefile.split(/\n(?=[a-z-]+:)/).filter((rule) => /^[a-z-]+:/.test(rule));
    const recipe = (rule: string) =>
      rule
        .split('\n')
        .filter((line) => line.startsWith('\t'))
        .join('\n');
    const docker = rules.filter((rule) =>
      /\$\((COMPOSE|ACCESS_CLI_DOCKER)\)|\$\(call (START|UPDATE),/.test(recipe(rule)),
    );
    assert.ok(docker.length >= 10);
    for (const rule of docker) assert.match(rule, /^[a-z-]+: docker-check /, rule.split('\n')[0]);
  });

  it('lets Docker Engine 20.10 with Compose 2.24 through', () => {
    const result = makeCheck(fakeDocker('20.10.24+dfsg1', 'v2.24.0'));
    assert.equal(result.status, 0, result.lines.join('\n'));
    assert.deepEqual(result.lines, []);
  });

  it('goes on with one warning when the kernel enforces no memory limits, as on a Raspberry Pi by default', () => {
    const result = makeCheck(fakeDocker('20.10.24+dfsg1', 'v2.24.0', 'false'));
    assert.equal(result.status, 0, result.lines.join('\n'));
    assert.equal(result.lines.length, 1);
    assert.match(result.lines[0], /^Warnung: .*keine Speichergrenzen.*cgroup_enable=memory/);
  });

  for (const [what, engine, compose, reason] of [
    [
      'an engine without Compose 2',
      '20.10.24',
      '',
      /Docker Compose >= 2\.24\.0 fehlt \/ is missing/,
    ],
    [
      'Compose 2.20',
      '26.1.0',
      '2.20.3',
      /Docker Compose 2\.20\.3 ist zu alt, nötig ist >= 2\.24\.0/,
    ],
    ['Docker Engine 19.03', '19.03.13', '2.24.0', /Docker Engine 19\.03\.13 ist zu alt/],
  ] as const)
    it(`stops on ${what} with one line naming what to install`, () => {
      const result = makeCheck(fakeDocker(engine, compose));
      assert.notEqual(result.status, 0);
      assert.equal(result.lines.filter((line) => !line.startsWith('make:')).length, 1);
      assert.match(result.lines[0], reason);
      assert.match(result.lines[0], /docker-compose-plugin/);
    });

  it("refuses Debian's docker-compose 1.x and says it is not supported", () => {
    const result = makeCheck(fakeDocker('20.10.24', '2.24.0'), 'docker-compose');
    assert.match(result.lines[0], /Docker Compose 1\.29\.2 ist zu alt/);
    assert.match(result.lines[0], /docker-compose 1\.x is not supported/);
  });

  it('says so when the engine does not answer', () => {
    const result = makeCheck(fakeDocker('', '2.24.0'));
    assert.match(result.lines[0], /Docker Engine antwortet nicht \/ does not answer/);
  });
});
