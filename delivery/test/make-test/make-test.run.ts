// The tester's command on a real engine: `make test` in a fresh checkout
// builds the `test` stage of Dockerfile.api and runs every suite inside it.
// Too long for every CI run (some 20 minutes on two cores), so it has its own command:
// `npm run test:make-test -w delivery` (docs/engine-tests.md).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { whyNoEngine } from '../engine/docker-engine';
import { EngineSession } from '../engine/engine-session';
import { holdSuiteLock } from '../engine/suite-lock';

const whyNot = whyNoEngine();

describe(
  'make test in its container',
  { skip: whyNot ? `make test skipped: ${whyNot}` : false },
  () => {
    holdSuiteLock();
    let session: EngineSession | undefined;

    before(async () => {
      session = await EngineSession.start((line) => console.log(line), { filesAsWritten: true });
    });

    after(async () => {
      await session?.stop();
    });

    it('builds the test image and passes every suite inside it', () => {
      const started = Date.now();
      const result = session?.project.make('test', {}, 60 * 60_000);
      const output = `${result?.stdout}\n${result?.stderr}`;
      console.log(
        output
          .split('\n')
          .filter((line) =>
            /^(# (tests|pass|fail|skipped)|Tests:|\s*Tests\s+\d|.*passed.*)/.test(line),
          )
          .join('\n'),
      );
      console.log(`make test took ${Math.round((Date.now() - started) / 60_000)} min`);
      if (result?.status !== 0) console.log(output.slice(-30_000));
      assert.equal(result?.status, 0);
    });
  },
);
