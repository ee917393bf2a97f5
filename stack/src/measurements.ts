// The files in which one part of the repository hands measured figures to
// another, named once here so that the link shows as an import:
// - the engine suite's burst (delivery/test/engine/limits.checks.ts writes
//   it on every engine run; `npm run bench` shows its latest figures). A
//   side product of the tests, so in bench/results/, ignored by git.
// - what a Pi's first `make up` costs: the build's figures and the Pi
//   guests' (`npm run measure:pi -w bench`), the data behind the figures in
//   docs/operations.md: committed with the docs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './paths';

export const ENGINE_BURST_FILE = path.join(repoRoot, 'bench', 'results', 'engine-burst.json');
export const MEASUREMENTS_DIR = path.join(repoRoot, 'docs', 'measurements');
export const FIRST_BUILD_FILE = path.join(MEASUREMENTS_DIR, 'first-build.json');
export const piGuestFile = (memoryMb: number) =>
  path.join(MEASUREMENTS_DIR, `pi-guest-${memoryMb}.json`);

/** The containers' peak memory under the engine suite's burst, beside their limits. */
export interface EngineBurst {
  at: string;
  burst: unknown;
  requestsPerSecond: number;
  rows: Array<{ service: string; restMb: number; peakMb: number; limitMb: number }>;
}

/** Writes a measurement as indented JSON, making its folder. */
export function writeMeasurement(file: string, data: object): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

/** The engine suite's latest burst, or undefined before its first run. */
export const readEngineBurst = (): Promise<EngineBurst | undefined> =>
  readFile(ENGINE_BURST_FILE, 'utf8').then(
    (text) => JSON.parse(text) as EngineBurst,
    () => undefined,
  );
