// Running the tools the engine suite drives (docker, compose, make, ip,
// iptables) and reading what they said.
import { spawn, spawnSync, type SpawnSyncReturns } from 'node:child_process';

export interface RunResult {
  status: number;
  stdout: string;
  stderr: string;
}

export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; input?: string; timeoutMs?: number } = {},
): RunResult {
  const result: SpawnSyncReturns<string> = spawnSync(command, args, {
    env: options.env ?? process.env,
    cwd: options.cwd,
    input: options.input,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: options.timeoutMs ?? 15 * 60_000,
  });
  if (result.error) throw result.error;
  return { status: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

/** The same as run(), without blocking: the test can act while it runs. */
export function runAsync(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env, cwd: options.cwd });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status: status ?? -1, stdout, stderr }));
  });
}

/** The result of a run that succeeded, or an error with what ran and the end of its own words. */
export function succeeded(result: RunResult, what: string): RunResult {
  if (result.status !== 0)
    throw new Error(
      `${what} exited with ${result.status}\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`,
    );
  return result;
}

/** Runs and returns stdout, or fails with the command's own words. */
export function mustRun(...args: Parameters<typeof run>): string {
  return succeeded(run(...args), `${args[0]} ${args[1].join(' ')}`).stdout;
}
