// Starts bench/floor-api (a bare NestJS app) the way node runs the API in its
// image (same flags, same NODE_ENV): the reference for the API's memory.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ts from 'typescript';
import {
  API_NODE_ARGS,
  API_NODE_ENV,
  freePort,
  repoRoot,
  startProcess,
  stopProcess,
  waitForHttp,
} from '@portfolio/stack';

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

export interface NestFloor {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startNestFloor(workDir: string): Promise<NestFloor> {
  const port = await freePort();
  const env = {
    ...process.env,
    ...API_NODE_ENV,
    API_PORT: String(port),
    NODE_PATH: join(repoRoot, 'node_modules'),
  };
  const floor = startProcess(
    'nest-floor',
    process.execPath,
    [...API_NODE_ARGS, await compileFloor(workDir)],
    { env },
    () => undefined,
  );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/api/health`, floor, 'the NestJS floor');
  } catch (error) {
    await stopProcess(floor);
    throw error;
  }
  return { url, pid: floor.child.pid ?? 0, stop: () => stopProcess(floor) };
}
