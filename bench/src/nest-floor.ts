// Starts bench/floor-api (a bare NestJS app) with the API's node flags and
// reports its resident memory once it is idle, the reference for the API's.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import ts from 'typescript';
import { freePort, repoRoot, startProcess, stopProcess, waitForHttp } from '@portfolio/stack';
import { rssMb } from './rss.ts';

const SOURCE = join(import.meta.dirname, '..', 'floor-api', 'main.ts');

/** Compiles the floor like the API (CommonJS, decorator metadata) into workDir. */
async function compileFloor(workDir: string): Promise<string> {
  const { outputText } = ts.transpileModule(await readFile(SOURCE, 'utf8'), {
    compilerOptions: {
      module: ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
    },
  });
  await mkdir(join(workDir, 'floor-api'), { recursive: true });
  const file = join(workDir, 'floor-api', 'main.cjs');
  await writeFile(file, outputText);
  return file;
}

/** Idle RSS in MB of the bare NestJS app, measured after the same settling time as the API's. */
export async function nestFloorIdleRss(workDir: string, settleMs: number): Promise<number> {
  const port = await freePort();
  const floor = startProcess(
    'nest-floor',
    process.execPath,
    ['--max-semi-space-size=1', await compileFloor(workDir)],
    { env: { ...process.env, API_PORT: String(port), NODE_PATH: join(repoRoot, 'node_modules') } },
    () => undefined,
  );
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, floor, 'the NestJS floor');
    await sleep(settleMs);
    return rssMb(floor.child.pid ?? 0);
  } finally {
    await stopProcess(floor);
  }
}
