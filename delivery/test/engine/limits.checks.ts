// The Pi's limits, enforced by the engine: a burst of visitors on `/`, ten
// documents.zip at once and a storm of wrong logins must leave no container
// OOM-killed or restarted, and `/` answering. Each container's peak memory
// is printed beside its limit and saved for the benchmark's table
// (bench/results/engine-burst.json).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { before, describe, it } from 'node:test';
import autocannon from 'autocannon';
import { ENGINE_BURST_FILE, writeMeasurement } from '@portfolio/stack';
import type { EngineSession } from './engine-session';
import type { RawResponse } from '../helpers/http-client';
import { SERVICE_LIMITS } from './containers.checks';
import { memoryFile, memoryNow } from './cgroup-memory';

export const BURST = { connections: 200, seconds: 15, zips: 10, wrongLogins: 60 };
const MB = 1024 * 1024;

const peakFile = (session: EngineSession, service: string) => memoryFile(session, service, 'peak');

export interface Counts {
  restarts: number;
  oomKilled: boolean;
}

/** How often a service's container restarted, and whether the kernel killed it for memory. */
export function counts(session: EngineSession, service: string): Counts {
  return {
    restarts: session.project.inspect<number>(service, '.RestartCount'),
    oomKilled: session.project.inspect<boolean>(service, '.State.OOMKilled'),
  };
}

export interface BurstResult {
  burst: autocannon.Result;
  zipStatuses: number[];
  loginStatuses: number[];
  /** Why requests got no answer (their error codes, each once). */
  noAnswer: string[];
}

/**
 * Visitors on `/`, documents.zip downloads and wrong logins, all at once.
 * A request that gets no answer counts as status 0, for the checks to judge.
 */
export async function runBurst(session: EngineSession, token: string): Promise<BurstResult> {
  const noAnswer = new Set<string>();
  const statusOf = (pending: Promise<RawResponse>) =>
    pending.then(
      (response) => response.status,
      (error: NodeJS.ErrnoException) => {
        noAnswer.add(error.code ?? error.message);
        return 0;
      },
    );
  const visitors = autocannon({
    url: `${session.webUrl}/`,
    connections: BURST.connections,
    duration: BURST.seconds,
  });
  const zips = Promise.all(
    Array.from({ length: BURST.zips }, () => statusOf(session.get('/api/download-all', token))),
  );
  const logins = Promise.all(
    Array.from({ length: BURST.wrongLogins }, () =>
      statusOf(
        session.post('/api/auth/login', { username: 'bewerbung', password: 'falsch-geraten' }),
      ),
    ),
  );
  const [burst, zipStatuses, loginStatuses] = await Promise.all([visitors, zips, logins]);
  return { burst, zipStatuses, loginStatuses, noAnswer: [...noAnswer] };
}

export function limitsChecks(current: () => EngineSession) {
  describe("a burst of visitors under the Pi's limits", () => {
    let session: EngineSession;
    const services = Object.keys(SERVICE_LIMITS);
    const before1: Record<string, Counts> = {};
    const atRest: Record<string, number> = {};
    let burst: autocannon.Result;
    let zipStatuses: number[];
    let loginStatuses: number[];
    let noAnswer: string[];

    before(async () => {
      session = current();
      await session.waitForSite();
      const token = await session.login();
      for (const service of services) {
        before1[service] = counts(session, service);
        atRest[service] = memoryNow(session, service);
        // cgroup v1 starts the peak anew; v2's peak counts from the start.
        try {
          writeFileSync(peakFile(session, service), '0');
        } catch {
          /* cgroup v2: not resettable on every kernel */
        }
      }
      ({ burst, zipStatuses, loginStatuses, noAnswer } = await runBurst(session, token));
    });

    it('leaves no container OOM-killed or restarted, and records each peak beside its limit', () => {
      const rows = services.map((service) => {
        const peak = Number(readFileSync(peakFile(session, service), 'utf8'));
        const limit = SERVICE_LIMITS[service].memory;
        const rest = atRest[service];
        console.log(
          `engine: ${service} memory at rest ${(rest / MB).toFixed(1)} MB, peak ${(peak / MB).toFixed(1)} MB of ${limit / MB} MB`,
        );
        return {
          service,
          restMb: Number((rest / MB).toFixed(1)),
          peakMb: Number((peak / MB).toFixed(1)),
          limitMb: limit / MB,
        };
      });
      writeMeasurement(ENGINE_BURST_FILE, {
        at: new Date().toISOString(),
        burst: BURST,
        requestsPerSecond: burst.requests.average,
        rows,
      });
      for (const row of rows)
        assert.ok(row.peakMb < row.limitMb, `${row.service} stayed below its limit`);
      for (const service of services) assert.deepEqual(counts(session, service), before1[service]);
    });

    it('kept answering: pages, documents.zip, wrong logins refused, nothing failed', async () => {
      const refused = burst.statusCodeStats?.['429']?.count ?? 0;
      console.log(
        `engine: burst on / with ${BURST.connections} connections: ${Math.round(burst.requests.average)} requests/s, ${burst['2xx']} 2xx, ${refused} refused by the connection limit (429), ${burst.non2xx - refused} other non-2xx, ${burst.errors} errors`,
      );
      // Failed means anything but a page or the connection limit's 429.
      assert.equal(burst.errors, 0, 'connection errors and timeouts during the burst');
      assert.equal(burst.non2xx - refused, 0, 'answers other than 2xx and 429 during the burst');
      assert.ok(burst['2xx'] > 0);
      // The zips come from the burst's address, so nginx's per-address
      // connection limit may refuse some (429); none may fail otherwise.
      console.log(`engine: documents.zip during the burst: ${zipStatuses.join(' ')}`);
      for (const status of zipStatuses)
        assert.ok([200, 429].includes(status), `documents.zip answered ${status} ${noAnswer}`);
      for (const status of loginStatuses)
        assert.ok([401, 429].includes(status), `login answered ${status} ${noAnswer}`);
      assert.equal((await session.get('/')).status, 200);
    });
  });
}
