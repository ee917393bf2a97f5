// The owner's command-line tools of the API (backups, access links), run
// from their TypeScript sources as `make backup-local` and
// `make access-add-local` run them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '@portfolio/stack';

export const backupCli = path.join(repoRoot, 'api', 'src', 'backup', 'backup.cli.ts');
export const accessCli = path.join(repoRoot, 'api', 'src', 'access', 'access.cli.ts');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** One run of `tool` with `args`, in `env` only. */
export function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Run {
  const run = spawnSync(process.execPath, ['--import', 'tsx', tool, ...args], {
    env,
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The backup tool's arguments for a project folder and its stores (name → folder). */
export const storeArgs = (project: string, stores: Record<string, string>): string[] => [
  '--project',
  project,
  ...Object.entries(stores).flatMap(([name, folder]) => ['--store', `${name}=${folder}`]),
];

/** The backup tool's protocol the Makefile speaks (TOOL_PROTOCOL), as a stand-in tool answers it. */
export function makefileProtocol(): string {
  const protocol = /^TOOL_PROTOCOL := (\d+)$/m.exec(
    readFileSync(path.join(repoRoot, 'Makefile'), 'utf8'),
  )?.[1];
  if (!protocol) throw new Error('the Makefile names no TOOL_PROTOCOL');
  return protocol;
}
