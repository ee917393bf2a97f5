// `npm run bench`: measures the site as visitors and the owner's server feel
// it, each figure beside a reference measured in the same run (these
// machines are shared and noisy, so only ratios are comparable). Starts the
// stack the `make local` way on a generated 200 MB set of PDFs, prints one
// table, saves it as JSON under bench/results/, and stops all it started.
import { chmod, mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildMissing, type Stack, startStack, UNTHROTTLED_ENV, webDist } from '@portfolio/stack';
import { startBareNginx } from './bare-nginx.ts';
import { MANIFEST_FILE } from '@portfolio/web/start-page-files';
import { measureBundle } from './bundle-size.ts';
import { engineBurstRows } from './engine-burst.ts';
import { makeDocumentSet, type DocumentSet } from './document-set.ts';
import { calibratedSlowdown } from './cpu-calibration.ts';
import { makeAccessLink } from './access-link.ts';
import {
  besideHomeRows,
  bundleRows,
  calibratedRow,
  hostRow,
  lighthouseRows,
  ratioRow,
  rssRow,
  scriptFreeRows,
  scriptRow,
  zipRows,
} from './figures.ts';
import { buildFloor } from './floor.ts';
import { auditMedian, type AuditResult } from './lighthouse-audit.ts';
import { load } from './load.ts';
import { median } from './median.ts';
import { runMixedLoad } from './mixed-load.ts';
import { formatTable, saveResults, type Row } from './report.ts';
import { rssMb, samplePeakRss } from './rss.ts';
import { restingMemory } from './api-memory.ts';
import { timeStaticDownloads, timeZipDownloads, downloadSize } from './zip-download.ts';
import { buildScriptFree } from './script-free.ts';
import { stampRows } from './stamp-timing.ts';

const RESULTS_DIR = join(import.meta.dirname, '..', 'results');
const LOAD_SECONDS = 10;

function step(text: string): void {
  console.log(`[bench] ${text}`);
}

async function login(stack: Stack): Promise<string> {
  const response = await fetch(`${stack.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: stack.username, password: stack.password }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`Login failed with status ${response.status}`);
  return body.token;
}

const AUDITED_PAGES = ['/', '/en/', '/all-projects', '/en/all-projects'];

async function pageRows(app: Stack, floorDist: string, scriptFreeDist: string): Promise<Row[]> {
  step(
    'Lighthouse (mobile), median of 3 runs: the floor page; /, /all-projects and their English twins, with and without scripts; /protected through a link; /verwaltung ...',
  );
  const floorStack = await startStack({ webRoot: floorDist });
  const scriptFreeStack = await startStack({ webRoot: scriptFreeDist });
  try {
    const floor = await auditMedian(`${floorStack.baseUrl}/`);
    const rows: Row[] = [];
    const audits = new Map<string, AuditResult>();
    // Each English page beside its German twin: the same page, the other language's texts.
    for (const page of AUDITED_PAGES) {
      const audit = await auditMedian(`${app.baseUrl}${page}`);
      const scriptFree = await auditMedian(`${scriptFreeStack.baseUrl}${page}`);
      audits.set(page, audit);
      rows.push(
        ...lighthouseRows(page, audit, floor),
        ...scriptFreeRows(page, audit, scriptFree),
        scriptRow(page, audit, floor),
      );
    }
    // A company's link, each audit a fresh browser: the code is exchanged anew every time.
    const link = await auditMedian(await makeAccessLink(app, 'Bench AG'));
    const owner = await auditMedian(`${app.baseUrl}/verwaltung`);
    const home = audits.get('/');
    if (home) {
      rows.push(...besideHomeRows('/protected#zugang=…', link, home));
      rows.push(...besideHomeRows('/verwaltung', owner, home));
    }
    const references = { floor: floorStack.baseUrl, scriptFree: scriptFreeStack.baseUrl };
    return [...rows, ...(await calibratedRows(app, references, [floor, ...audits.values()]))];
  } finally {
    await floorStack.stop();
    await scriptFreeStack.stop();
  }
}

/**
 * The same pages, their script-free copies and the floor page audited again with the CPU
 * slowdown calibrated to this machine (cpu-calibration.ts), from the median benchmarkIndex of
 * the audits above.
 */
async function calibratedRows(
  app: Stack,
  references: { floor: string; scriptFree: string },
  audited: AuditResult[],
): Promise<Row[]> {
  const benchmarkIndex = median(audited.map((audit) => audit.benchmarkIndex));
  const slowdown = calibratedSlowdown(benchmarkIndex);
  step(`Lighthouse again with the CPU slowdown calibrated to this machine (${slowdown} x) ...`);
  const rows = [hostRow(benchmarkIndex, slowdown)];
  const floor = await auditMedian(`${references.floor}/`, slowdown);
  for (const page of AUDITED_PAGES) {
    const scriptFree = await auditMedian(`${references.scriptFree}${page}`, slowdown);
    const calibrated = await auditMedian(`${app.baseUrl}${page}`, slowdown);
    rows.push(calibratedRow(page, slowdown, { app: calibrated, scriptFree, floor }));
  }
  return rows;
}

const PAGE_ROUNDS = 5;
const PAGE_ROUND_SECONDS = 5;

/** Header names of an answer, but Date and the ones that vary by request. */
async function headerNames(url: string): Promise<string> {
  // As autocannon asks: without Accept-Encoding.
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  await response.arrayBuffer();
  return [...response.headers.keys()]
    .filter((name) => !['date', 'connection', 'keep-alive'].includes(name))
    .sort()
    .join(', ');
}

/**
 * Requests/s of / through the project's config and through the reference, in
 * interleaved rounds (single rounds swing +-15 % on a shared machine): the medians.
 */
async function pageThroughput(appUrl: string, bareUrl: string) {
  const [appHeaders, bareHeaders] = [await headerNames(appUrl), await headerNames(bareUrl)];
  if (appHeaders !== bareHeaders) {
    throw new Error(`Reference headers differ: ${appHeaders} vs ${bareHeaders}`);
  }
  const page = { connections: 50, durationSeconds: PAGE_ROUND_SECONDS };
  const app: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < PAGE_ROUNDS; round += 1) {
    app.push((await load({ ...page, url: appUrl })).requestsPerSecond);
    bare.push((await load({ ...page, url: bareUrl })).requestsPerSecond);
  }
  return { app: median(app), bare: median(bare) };
}

async function throughputRows(app: Stack, docs: DocumentSet, token: string): Promise<Row[]> {
  step(
    `Requests per second for / (${PAGE_ROUNDS} interleaved rounds of ${PAGE_ROUND_SECONDS} s) ...`,
  );
  const site = await startBareNginx(webDist, '/index.html', true);
  const files = await startBareNginx(docs.dir, `/${docs.largeFile}`);
  try {
    const pageRps = await pageThroughput(`${app.baseUrl}/`, `${site.url}/`);
    step(`MB/s for one 2 MB document (${LOAD_SECONDS} s each) ...`);
    const download = { connections: 10, durationSeconds: LOAD_SECONDS };
    const api = await load({
      ...download,
      url: `${app.baseUrl}/api/download/${docs.largeFile}`,
      headers: { Authorization: `Bearer ${token}` },
    });
    const direct = await load({ ...download, url: `${files.url}/${docs.largeFile}` });
    const mbps = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    return [
      ratioRow(
        'Requests/s for / via nginx config (median of 5)',
        'req/s',
        pageRps.app,
        pageRps.bare,
        0.95,
      ),
      ratioRow(
        'MB/s for a 2 MB document via the API and nginx',
        'MB/s',
        mbps(api.bytesPerSecond),
        mbps(direct.bytesPerSecond),
        0.9,
      ),
    ];
  } finally {
    await site.stop();
    await files.stop();
  }
}

/** The median of three timings: a single ZIP round swings by tens of percent here. */
async function medianOfThree(measure: () => Promise<number>): Promise<number> {
  return median([await measure(), await measure(), await measure()]);
}

async function zipFigures(app: Stack, workDir: string, token: string): Promise<Row[]> {
  const url = `${app.baseUrl}/api/download-all`;
  // One untimed round first: it builds documents.zip once (cached on disk
  // from then on), so the figures describe the warm server.
  await timeZipDownloads(url, token, 1);
  const same = await sameSizeFile(workDir, await downloadSize(url, token));
  const rows: Row[] = [];
  for (const clients of [1, 10]) {
    step(`download-all over 200 MB with ${clients} client(s), 3 rounds ...`);
    const before = rssMb(app.apiPid);
    const sampler = samplePeakRss(app.apiPid);
    const seconds = await medianOfThree(() => timeZipDownloads(url, token, clients));
    const peak = sampler.stop();
    const reference = await medianOfThree(() =>
      timeStaticDownloads(same.url + '/same-size.bin', clients),
    );
    rows.push(...zipRows(clients, seconds, reference, peak - before));
  }
  await same.stop();
  return rows;
}

/** A file of documents.zip's size beside the documents, served by a bare nginx. */
async function sameSizeFile(workDir: string, bytes: number) {
  const dir = join(workDir, 'same-size');
  await mkdir(dir, { mode: 0o755 });
  const file = await open(join(dir, 'same-size.bin'), 'w', 0o644);
  await file.truncate(bytes);
  await file.close();
  return startBareNginx(dir, '/same-size.bin');
}

async function main(): Promise<void> {
  buildMissing();
  const workDir = await mkdtemp(join(tmpdir(), 'bench-'));
  // nginx's workers run unprivileged and serve files from here.
  await chmod(workDir, 0o755);
  let app: Stack | undefined;
  try {
    step('Generating 200 MB of documents and building the floor page ...');
    const docs = await makeDocumentSet(join(workDir, 'documents'));
    const floorDist = await buildFloor(workDir);
    const webManifest = join(webDist, '..', MANIFEST_FILE);
    const rows = bundleRows(
      await measureBundle(webDist, webManifest),
      await measureBundle(floorDist),
    );

    step('API memory at rest after a first visit, beside a bare NestJS app (about 30 s) ...');
    const resting = await restingMemory(docs, workDir);
    app = await startStack({ env: { ...UNTHROTTLED_ENV, DOCUMENTS_DIR: docs.dir } });
    const token = await login(app);

    rows.push(...(await zipFigures(app, workDir, token)));
    rows.push(...(await pageRows(app, floorDist, await buildScriptFree(webDist, workDir))));
    rows.push(...(await throughputRows(app, docs, token)));
    step(
      "A company's stamped copies: a 5 MB PDF's first and later opens, a first documents.zip ...",
    );
    rows.push(...(await stampRows(app, docs, token)));

    step('1,000 mixed requests ...');
    const serverErrors = await runMixedLoad({
      baseUrl: app.baseUrl,
      username: app.username,
      password: app.password ?? '',
      token,
      smallFile: docs.smallFile,
    });
    await sleep(1000);
    rows.push(
      rssRow(
        `API RSS at rest (${resting.method})`,
        resting.apiMb,
        { label: 'bare NestJS, same start and visit', mb: resting.floorMb },
        10,
      ),
    );
    rows.push(
      rssRow(
        `API RSS after 1,000 mixed requests (${serverErrors} 5xx)`,
        rssMb(app.apiPid),
        { label: 'API at rest', mb: resting.apiMb },
        25,
      ),
    );

    rows.push(...(await engineBurstRows()));

    console.log(`\n${formatTable(rows)}\n`);
    const file = await saveResults(RESULTS_DIR, rows, { serverErrors });
    console.log(`Saved as ${file}`);
    const missed = rows.filter((row) => row.met === false).length;
    console.log(missed === 0 ? 'Every goal met.' : `${missed} goal(s) missed (marked MISSED).`);
  } finally {
    await app?.stop();
    await rm(workDir, { recursive: true, force: true });
  }
}

await main();
