// The site on a real Docker engine, the way its owner starts it: both
// images built from Dockerfile.api and Dockerfile.web, the stack started
// from docker-compose.yml with `make up` in a fresh checkout without .env,
// then the owner's first minutes, what the engine reports about each
// container, state across restarts and rebuilds, a killed API, HTTPS from
// the TLS overlay and a burst of visitors under the Pi's limits.
// docs/engine-tests.md says how the engine and the base images are found.
import { before, after, describe } from 'node:test';
import { whyNoEngine } from './engine/docker-engine';
import { EngineSession } from './engine/engine-session';
import { firstStartChecks } from './engine/first-start.checks';
import { containerChecks } from './engine/containers.checks';
import { stateChecks } from './engine/state.checks';
import { backupChecks } from './engine/backup.checks';
import { tlsChecks } from './engine/tls.checks';
import { limitsChecks } from './engine/limits.checks';

const whyNot = whyNoEngine();

describe(
  'on a real Docker engine',
  { skip: whyNot ? `engine suite skipped: ${whyNot}` : false },
  () => {
    let session: EngineSession | undefined;
    const current = () => {
      if (!session) throw new Error('the engine session did not start');
      return session;
    };

    before(async () => {
      const started = Date.now();
      session = await EngineSession.start((line) => console.log(line));
      console.log(`engine: base images ready after ${Math.round((Date.now() - started) / 1000)} s`);
    });

    after(async () => {
      await session?.stop();
    });

    firstStartChecks(current);
    containerChecks(current);
    stateChecks(current);
    backupChecks(current);
    limitsChecks(current);
    tlsChecks(current);
  },
);
