// The API's resident memory at rest, measured the way an owner's site runs:
// a fresh stack (the API as its image runs it: same node flags, NODE_ENV,
// outbox to an SMTP server, documents sent by nginx) and the bare NestJS
// reference, started the same way, both get the same first visit (a login,
// a wrong one, the list, a download, documents.zip, a contact message), as
// what a module loads on its first use stays loaded for the life of the
// process. Then both are left alone until V8 has settled.
import { setTimeout as sleep } from 'node:timers/promises';
import { API_NODE_ARGS, API_NODE_ENV, startStack, UNTHROTTLED_ENV } from '@portfolio/stack';
import type { DocumentSet } from './document-set.ts';
import { median } from './median.ts';
import { startNestFloor } from './nest-floor.ts';
import { rssMb } from './rss.ts';

// V8 shrinks an idle heap some seconds after the last allocations, and the
// mail outbox's timed round (every 15 s) allocates once more: measured here,
// the API's RSS stops falling 20 to 35 s after a visit.
const REST_MS = 45_000;
const SAMPLES = 5;
const SAMPLE_GAP_MS = 1000;

export interface RestingMemory {
  apiMb: number;
  floorMb: number;
  method: string;
}

interface Visitor {
  baseUrl: string;
  username: string;
  password: string;
  smallFile: string;
}

const json = { 'Content-Type': 'application/json' };

async function send(url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, init);
  await response.clone().arrayBuffer();
  return response;
}

async function logIn(visitor: Visitor, password: string): Promise<string | undefined> {
  const response = await send(`${visitor.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username: visitor.username, password }),
  });
  const body = (await response.json().catch(() => ({}))) as { token?: string };
  return body.token;
}

/** A first visit; the reference answers most of it with 404, which is all it can. */
async function firstVisit(visitor: Visitor): Promise<void> {
  const { baseUrl } = visitor;
  await send(`${baseUrl}/api/health`);
  await logIn(visitor, 'falsch');
  const token = await logIn(visitor, visitor.password);
  const headers = { Authorization: `Bearer ${token}` };
  await send(`${baseUrl}/api/documents`, { headers });
  await send(`${baseUrl}/api/download/${visitor.smallFile}`, { headers });
  await send(`${baseUrl}/api/download-all`, { headers });
  await send(`${baseUrl}/api/mail`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Bench', email: 'bench@example.ch', message: 'Hallo' }),
  });
}

/** Median RSS of both processes over a few samples taken side by side. */
async function restingRss(pids: number[]): Promise<number[]> {
  const samples: number[][] = pids.map(() => []);
  for (let round = 0; round < SAMPLES; round += 1) {
    pids.forEach((pid, index) => samples[index].push(rssMb(pid)));
    await sleep(SAMPLE_GAP_MS);
  }
  return samples.map(median);
}

function methodText(): string {
  const env = Object.entries(API_NODE_ENV).map(([name, value]) => `${name}=${value}`);
  const node = [`node ${process.version}`, ...env, ...API_NODE_ARGS].join(' ');
  return `${node}; after a first visit, median of ${SAMPLES} samples from ${REST_MS / 1000} s on`;
}

export async function restingMemory(docs: DocumentSet, workDir: string): Promise<RestingMemory> {
  const floor = await startNestFloor(workDir);
  const app = await startStack({ env: { ...UNTHROTTLED_ENV, DOCUMENTS_DIR: docs.dir } });
  try {
    await firstVisit({ ...app, password: app.password ?? '', smallFile: docs.smallFile });
    await firstVisit({ baseUrl: floor.url, username: 'x', password: 'x', smallFile: 'x' });
    await sleep(REST_MS);
    const [apiMb, floorMb] = await restingRss([app.apiPid, floor.pid]);
    return { apiMb, floorMb, method: methodText() };
  } finally {
    await app.stop();
    await floor.stop();
  }
}
