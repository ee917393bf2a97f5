// One job in a short-lived node process: libraries a rare job needs (archiver
// for documents.zip, pdf-lib for a company's stamped PDFs) and the memory the
// job took stay with that process and go back to the system when it ends,
// instead of staying in the API for good. The child gets the job over IPC,
// answers once and ends; a parent that dies takes it along (its IPC channel
// closes).
import { fork, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export type ChildAnswer<R> =
  { done: true; result: R } | { done: false; error: string; code?: string };

/** Run from the TypeScript sources (the tests), a child needs tsx too. */
const execArgvFor = (child: string) => (child.endsWith('.ts') ? ['--import', 'tsx'] : []);

/** An error as the child saw it: message and, for a file error, its code. */
function childError(answer: Extract<ChildAnswer<unknown>, { done: false }>): NodeJS.ErrnoException {
  return Object.assign(new Error(answer.error), answer.code ? { code: answer.code } : {});
}

/**
 * Runs `job` in a process of its own started from `child` (a module that calls
 * serveOneJob); `nodeFlags` bound it further (e.g. its heap).
 */
export function runChildJob<J, R>(child: string, job: J, nodeFlags: string[] = []): Promise<R> {
  return new Promise((resolve, reject) => {
    const process = forkChild(child, nodeFlags);
    let answered: ChildAnswer<R> | undefined;
    process.once('message', (answer: ChildAnswer<R>) => (answered = answer));
    process.once('error', reject);
    process.once('exit', (code, signal) => {
      if (answered?.done) resolve(answered.result);
      else if (answered) reject(childError(answered));
      else reject(new Error(`${child} ended without an answer (${signal ?? code})`));
    });
    process.send(job as object);
  });
}

/**
 * A child process of `child` with an IPC channel. Its errors reach the API's log line by line
 * through the API's console, not on the API's own descriptor: a test runner that reads its
 * workers' stderr for V8's out-of-memory report (jest) would take a child's for its worker's.
 */
export function forkChild(child: string, nodeFlags: string[] = []): ChildProcess {
  const process = fork(child, {
    execArgv: [...execArgvFor(child), ...nodeFlags],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  if (process.stderr)
    createInterface({ input: process.stderr }).on('line', (line) => console.error(line));
  return process;
}

/** The child's side: does the one job it is sent, answers and lets the process end. */
export function serveOneJob<J, R>(work: (job: J) => Promise<R>): void {
  const answer = (message: ChildAnswer<R>) => process.send?.(message, () => process.disconnect());
  process.once('message', (job: J) => {
    work(job).then(
      (result) => answer({ done: true, result }),
      (error: NodeJS.ErrnoException) =>
        answer({ done: false, error: error.message, code: error.code }),
    );
  });
  process.once('disconnect', () => process.exit(0));
}

/** The path of a child module beside `dirname`, compiled (.js) or run from the sources (.ts). */
export const childModule = (dirname: string, filename: string, name: string) =>
  `${dirname}/${name}${filename.slice(-3)}`;
