// The site on a whole arm64 system of a Pi's memory (pi-guest.ts): `make
// up` pulls the images, the owner's first minutes, then each container's
// memory at rest and at its peak under the engine suite's burst, beside its
// limit, and what the guest has left at rest, during and after the burst.
// The figures are the guest kernel's, not qemu-user's; they are saved as
// the data behind docs/operations.md (piGuestFile). Last, a company's first
// and second open of a 5 MB PDF of its own: stamped on the first.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { piGuestFile, repoRoot, writeMeasurement } from '@portfolio/stack';
import type { EngineSession } from '@portfolio/delivery/engine/engine-session';
import { SERVICE_LIMITS } from '@portfolio/delivery/engine/containers.checks';
import {
  BURST,
  counts,
  runBurst,
  type BurstResult,
  type Counts,
} from '@portfolio/delivery/engine/limits.checks';
import { openLink, ownListed, printedCode } from '@portfolio/delivery/engine/company-pdf';
import { scannedPdf } from '../pdf-document.ts';
import { timed } from '../timed.ts';
import { guestMemory, watchLeastAvailable, type GuestMemory } from './guest-memory.ts';

const MB = 1024 * 1024;
const services = Object.keys(SERVICE_LIMITS);
const samples = path.join(repoRoot, 'documents', 'samples');
/** Under full-system emulation every step is many times slower than on a Pi. */
const EMULATED_START_MS = 30 * 60_000;

const mb = (bytes: number) => Number((bytes / MB).toFixed(1));
const used = (memory: GuestMemory) => mb(memory.guest.total - memory.guest.available);

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
}

/** `make up` pulled both images, built nothing, and every container runs as arm64. */
function checkPulled(session: EngineSession, upOutput: string) {
  assert.match(upOutput, / pull/);
  assert.doesNotMatch(upOutput, /--build|Building|load build definition/);
  for (const service of services) {
    const id = session.project.containerId(service) as string;
    assert.equal(session.project.docker(['exec', id, 'uname', '-m']).trim(), 'aarch64');
  }
}

const STAMPED_MB = 5;

async function timedOpen(session: EngineSession, address: string, token: string) {
  const { result, seconds } = await timed(() => session.get(address, token));
  assert.equal(result.status, 200);
  return { seconds, body: result.body };
}

/**
 * A scanned 5 MB PDF added with `make access-add FILE=…` (from the shared
 * checkout, which the guest sees at the same path), opened twice through
 * the company's link: the copy is made, then nginx sends it.
 */
async function stampedOpens(session: EngineSession) {
  const file = path.join(session.project.dir, 'Zeugnis.pdf');
  const original = await scannedPdf(STAMPED_MB * MB, 'Zeugnis');
  writeFileSync(file, original);
  const added = session.make('access-add', { NAME: 'Zürcher Söhne AG', FILE: file });
  const token = await openLink(session, printedCode(added));
  const own = await ownListed(session, token);
  const first = await timedOpen(session, own.path, token);
  const repeated = await timedOpen(session, own.path, token);
  assert.notDeepEqual(first.body, original, 'the copy is stamped');
  assert.deepEqual(repeated.body, first.body);
  const round = (seconds: number) => Number(seconds.toFixed(2));
  return {
    pdfMb: STAMPED_MB,
    firstOpenS: round(first.seconds),
    repeatedOpenS: round(repeated.seconds),
  };
}

interface Observed {
  atRest: GuestMemory;
  afterBurst: GuestMemory;
  leastAvailableDuringBurst: number;
  result: BurstResult;
  stamp: Awaited<ReturnType<typeof stampedOpens>>;
}

function saveFigures(
  memoryMb: number,
  { atRest, afterBurst, leastAvailableDuringBurst, result, stamp }: Observed,
) {
  const rows = services.map((service) => ({
    service,
    restMb: mb(atRest.services[service].current),
    restAnonMb: mb(atRest.services[service].anon),
    restFileMb: mb(atRest.services[service].file),
    peakMb: mb(afterBurst.services[service].peak),
    limitMb: SERVICE_LIMITS[service].memory / MB,
  }));
  const system = {
    totalMb: mb(atRest.guest.total),
    usedAtRestMb: used(atRest),
    usedAfterBurstMb: used(afterBurst),
    availableAtRestMb: mb(atRest.guest.available),
    leastAvailableDuringBurstMb: mb(leastAvailableDuringBurst),
    availableAfterBurstMb: mb(afterBurst.guest.available),
  };
  const file = piGuestFile(memoryMb);
  writeMeasurement(file, {
    at: new Date().toISOString(),
    guestMb: memoryMb,
    burst: BURST,
    // Through QEMU's user network, which is no Pi's, some requests may get no answer.
    burstAnswers: {
      ok: result.burst['2xx'],
      non2xx: result.burst.non2xx,
      errors: result.burst.errors,
      noAnswer: result.noAnswer,
    },
    rows,
    system,
    stamp,
  });
  console.log(`pi guest ${memoryMb} MB: ${JSON.stringify({ rows, system, stamp })} → ${file}`);
  return rows;
}

/** Measures the site on a freshly booted guest and fails if a container left its limit. */
export async function measureGuest(session: EngineSession, memoryMb: number): Promise<void> {
  const upOutput = session.make('up');
  await session.waitForSite(EMULATED_START_MS);
  checkPulled(session, upOutput);
  await firstVisit(session);
  const atRest = guestMemory(session, services);
  const before: Record<string, Counts> = {};
  for (const service of services) before[service] = counts(session, service);

  const token = await session.login();
  const leastAvailable = watchLeastAvailable(session);
  const result = await runBurst(session, token);
  const leastAvailableDuringBurst = leastAvailable();
  const afterBurst = guestMemory(session, services);
  const stamp = await stampedOpens(session);

  const figures = { atRest, afterBurst, leastAvailableDuringBurst, result, stamp };
  const rows = saveFigures(memoryMb, figures);
  for (const row of rows)
    assert.ok(row.peakMb < row.limitMb, `${row.service} stayed below its limit`);
  for (const service of services) assert.deepEqual(counts(session, service), before[service]);
  assert.equal((await session.get('/')).status, 200);
}
