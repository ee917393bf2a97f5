// Child processes of the stack: started with their output kept (the last
// lines explain a failed start), stopped politely, then firmly.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';

export type LogSink = (line: string) => void;

export interface ManagedProcess {
  readonly child: ChildProcess;
  /** The last lines the process wrote (stdout and stderr). */
  recentOutput(): string;
  /** Resolves when the process has exited. */
  readonly exited: Promise<number | null>;
}

const KEPT_LINES = 40;

export function startProcess(
  name: string,
  command: string,
  args: string[],
  options: SpawnOptions,
  log: LogSink,
): ManagedProcess {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(line);
      if (lines.length > KEPT_LINES) lines.shift();
      log(`[${name}] ${line}`);
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      lines.push(String(error));
      resolve(null);
    });
  });
  return { child, exited, recentOutput: () => lines.join('\n') };
}

/** SIGTERM, and SIGKILL if the process has not ended after the grace time. */
export async function stopProcess(process: ManagedProcess, graceMs = 5000): Promise<void> {
  const { child } = process;
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await process.exited;
  clearTimeout(timer);
}

function statusOf(url: string): Promise<number> {
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, { rejectUnauthorized: false, timeout: 2000 }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

/**
 * Polls `url` until it answers 200. Fails as soon as the process exits, or
 * after `timeoutMs`, with the process's last output in the message.
 */
export async function waitForHttp(
  url: string,
  process: ManagedProcess,
  name: string,
  timeoutMs = 30_000,
): Promise<void> {
  let exited = false;
  void process.exited.then(() => (exited = true));
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const status = await statusOf(url);
      if (status === 200) return;
      lastProblem = `status ${status}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const why = exited ? 'exited' : `did not answer 200 on ${url} (${lastProblem})`;
  throw new Error(`${name} ${why}. Its last output:\n${process.recentOutput()}`);
}
