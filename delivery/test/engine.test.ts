// The site on a real Docker engine, the way its owner starts it: both
// images built from Dockerfile.api and Dockerfile.web, the stack started
// from docker-compose.yml with `make up` in a fresh checkout without .env,
// then the owner's first minutes, what the engine reports about each
// container, state across restarts and rebuilds, a killed API, HTTPS from
// the TLS overlay and a burst of visitors under the Pi's limits. All of it
// runs beside an engine that hosts the owner's site, which it must leave as
// it was. docs/engine-tests.md says how the engines and base images are found.
import assert from 'node:assert/strict';
import { before, after, describe, it } from 'node:test';
import { whyNoEngine } from './engine/docker-engine';
import { EngineSession, sessionFor } from './engine/engine-session';
import { ownerEngine, type OwnerEngine, type OwnerState } from './engine/owner-engine';
import { firstStartChecks } from './engine/first-start.checks';
import { containerChecks } from './engine/containers.checks';
import { stateChecks } from './engine/state.checks';
import { backupChecks } from './engine/backup.checks';
import { passwordChecks } from './engine/password.checks';
import { tlsChecks } from './engine/tls.checks';
import { limitsChecks } from './engine/limits.checks';
import { quickHealthFromHere } from './engine/quick-health';
import { holdSuiteLock } from './engine/suite-lock';

const whyNot = whyNoEngine();
const log = (line: string) => console.log(line);

describe(
  'on a real Docker engine',
  { skip: whyNot ? `engine suite skipped: ${whyNot}` : false },
  () => {
    holdSuiteLock();
    let owner: OwnerEngine | undefined;
    let ownerBefore: OwnerState | undefined;
    const shellHost = process.env.DOCKER_HOST;

    before(async () => {
      owner = await ownerEngine(log);
      ownerBefore = await owner?.state();
      // An owner's shell points at the owner's engine; the suite must not follow it.
      if (owner?.host) process.env.DOCKER_HOST = owner.host;
    });

    after(async () => {
      if (shellHost === undefined) delete process.env.DOCKER_HOST;
      else process.env.DOCKER_HOST = shellHost;
      await owner?.stop();
    });

    describe('the site in the engine the suite starts', () => {
      const current = sessionFor(() => EngineSession.start(log), 'engine: base images ready');

      firstStartChecks(current);
      containerChecks(current);
      quickHealthFromHere(current);
      stateChecks(current);
      backupChecks(current);
      passwordChecks(current);
      limitsChecks(current);
      tlsChecks(current);
    });

    it("leaves the engine that hosts the owner's site as it was", async (t) => {
      if (!owner || !ownerBefore) return t.skip('no owner’s engine to compare');
      console.log(`engine: compared with ${owner.description}`);
      assert.deepEqual(await owner.state(), ownerBefore);
    });
  },
);
