// The site on a whole arm64 system of a Pi's memory (pi-guest.ts): `make
// up` pulls the images, the owner's first minutes, then each container's
// memory at rest and at its peak under the suite's burst, beside its limit
// and beside what the guest has left. The figures are the guest kernel's,
// not qemu-user's; they are saved for docs/operations.md
// (bench/results/pi-guest-<MB>.json).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { piGuestFile, repoRoot, writeMeasurement } from '@portfolio/stack';
import type { EngineSession } from './engine-session';
import { SERVICE_LIMITS } from './containers.checks';
import { BURST, counts, runBurst, type BurstResult, type Counts } from './limits.checks';
import { guestMemory, type GuestMemory } from './guest-memory';

const MB = 1024 * 1024;
const services = Object.keys(SERVICE_LIMITS);
const samples = path.join(repoRoot, 'documents', 'samples');
/** Under full-system emulation every step is many times slower than on a Pi. */
const EMULATED_START_MS = 30 * 60_000;

const mb = (bytes: number) => Number((bytes / MB).toFixed(1));

/** A first visit: the one-time password logs in, a document comes byte for byte, a contact mail arrives. */
async function firstVisit(session: EngineSession) {
  const token = await session.login();
  const groups = JSON.parse((await session.get('/api/documents', token)).body.toString()) as Array<{
    files: Array<{ filename: string }>;
  }>;
  const [first] = groups.flatMap((group) => group.files);
  const file = await session.get(`/api/download/${first.filename}`, token);
  assert.equal(file.status, 200);
  assert.deepEqual(file.body, readFileSync(path.join(samples, first.filename)));
  assert.equal((await session.get('/api/download-all', token)).status, 200);
  const sent = await session.post('/api/mail', {
    name: 'Pi Guest',
    email: 'hr@example.ch',
    message: 'pi-guest-first-visit',
  });
  assert.equal(sent.status, 200);
  await session.waitForMessages('pi-guest-first-visit', 1, 10 * 60_000);
  return token;
}

function saveFigures(
  memoryMb: number,
  atRest: GuestMemory,
  afterBurst: GuestMemory,
  result: BurstResult,
) {
  const rows = services.map((service) => ({
    service,
    restMb: mb(atRest.services[service].current),
    restAnonMb: mb(atRest.services[service].anon),
    restFileMb: mb(atRest.services[service].file),
    peakMb: mb(afterBurst.services[service].peak),
    limitMb: SERVICE_LIMITS[service].memory / MB,
  }));
  for (const row of rows)
    console.log(
      `pi guest ${memoryMb} MB: ${row.service} at rest ${row.restMb} MB (own ${row.restAnonMb}, file cache ${row.restFileMb}), peak ${row.peakMb} MB of ${row.limitMb} MB`,
    );
  const used = (memory: GuestMemory) => mb(memory.guest.total - memory.guest.available);
  console.log(
    `pi guest ${memoryMb} MB: the whole system uses ${used(afterBurst)} MB after the burst; least available ${mb(Math.min(atRest.guest.available, afterBurst.guest.available))} MB`,
  );
  // Through QEMU's user network, which is no Pi's, some requests may get no answer (0).
  console.log(
    `pi guest ${memoryMb} MB: burst ${result.burst['2xx']} pages, ${result.burst.non2xx} other answers, ${result.burst.errors} errors; documents.zip ${result.zipStatuses.join(' ')}; wrong logins ${[...new Set(result.loginStatuses)].join(' ')}; no answer: ${result.noAnswer.join(' ') || 'none'}`,
  );
  writeMeasurement(piGuestFile(memoryMb), {
    at: new Date().toISOString(),
    guestMb: memoryMb,
    burst: BURST,
    burstAnswers: {
      ok: result.burst['2xx'],
      non2xx: result.burst.non2xx,
      errors: result.burst.errors,
      noAnswer: result.noAnswer,
    },
    rows,
    system: {
      totalMb: mb(atRest.guest.total),
      usedAtRestMb: used(atRest),
      usedAfterBurstMb: used(afterBurst),
    },
  });
  return rows;
}

export function piGuestChecks(current: () => EngineSession, memoryMb: number) {
  describe(`the site on a ${memoryMb} MB arm64 system`, () => {
    let session: EngineSession;
    let upOutput: string;
    let atRest: GuestMemory;
    const before1: Record<string, Counts> = {};

    before(async () => {
      session = current();
      upOutput = session.make('up');
      await session.waitForSite(EMULATED_START_MS);
      await firstVisit(session);
      atRest = guestMemory(session, services);
      console.log(
        `pi guest ${memoryMb} MB: the whole system uses ${mb(atRest.guest.total - atRest.guest.available)} MB at rest of ${mb(atRest.guest.total)} MB`,
      );
      for (const service of services) before1[service] = counts(session, service);
    });

    it('pulled both images, built nothing, and runs every container as arm64', () => {
      assert.match(upOutput, / pull/);
      assert.doesNotMatch(upOutput, /--build|Building|load build definition/);
      for (const service of services) {
        const id = session.project.containerId(service) as string;
        assert.equal(session.project.docker(['exec', id, 'uname', '-m']).trim(), 'aarch64');
      }
    });

    it('keeps every container under its limit at rest and through the burst, none OOM-killed or restarted', async () => {
      const token = await session.login();
      const result = await runBurst(session, token);
      const afterBurst = guestMemory(session, services);
      const rows = saveFigures(memoryMb, atRest, afterBurst, result);
      for (const row of rows)
        assert.ok(row.peakMb < row.limitMb, `${row.service} stayed below its limit`);
      for (const service of services) assert.deepEqual(counts(session, service), before1[service]);
      assert.equal((await session.get('/')).status, 200);
    });
  });
}
