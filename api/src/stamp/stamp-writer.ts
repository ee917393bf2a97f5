// Stamps PDFs in a process of its own (docs/product.md#the-stamp): pdf-lib
// holds a whole document in memory while it works, and that memory goes back
// to the system when the process ends, once nothing is left to stamp.
//
// How the work is shared: one process, one file at a time (a Pi's memory
// holds one document), files taken from the links in turn, so a company's
// first open waits for at most one file of another link's documents.zip, not
// for all of it. Each file has a time limit, counted from when the process is
// ready (its start is no file's cost), and the process a heap bound; a file
// that passes either is the file's fault and is not tried again. Any other
// end (a full disk, a killed process) is a fault of the moment.
import type { ChildProcess } from 'node:child_process';
import { childModule, forkChild } from '../common/child-job';
import type { AsIsReason } from './as-is-reason';

/** One PDF to stamp for a link; `target` is a new file, never written over. */
export interface StampFile {
  linkId: string;
  line: string;
  source: string;
  target: string;
}

export type StampOutcome = { written: number } | { unstampable: AsIsReason };

/** What the child answers for a file. */
export type StampAnswer = { outcome: StampOutcome } | { error: string; code?: string };
/** What the child says once its modules are loaded, before any file. */
export const READY = 'ready';
/** A fault's kind when the source was gone when its turn came (replaced or removed). */
export const SOURCE_GONE = 'source-gone';

/** Stamping could not be done now; `kind` names why (ENOSPC, crash, …). Tried again next time. */
export class StampFault extends Error {
  constructor(
    message: string,
    readonly kind: string,
  ) {
    super(message);
    this.name = 'StampFault';
  }
}

const CHILD = childModule(__dirname, __filename, 'stamp-writer.child');
// A 5 MB PDF takes the child to about 100 MB: bounded well inside the API
// container's memory limit. V8 aborts the process when a file needs more.
const CHILD_HEAP = ['--max-old-space-size=160'];
/** A 5 MB PDF takes about 2 s on a Raspberry Pi (docs/benchmarks.md). */
export const FILE_TIME_LIMIT_MS = 30_000;

interface Task {
  file: StampFile;
  resolve: (outcome: StampOutcome) => void;
  reject: (fault: StampFault) => void;
}

interface Running {
  task: Task;
  /** The process it runs in: only that one's answer or end settles it. */
  child: ChildProcess;
  /** Sent once the process said it is ready: its time limit runs from then. */
  timer?: NodeJS.Timeout;
  timedOut: boolean;
}

export class StampWriter {
  /** Each link's files in the order asked; the links in the order they take their turns. */
  private readonly waiting = new Map<string, Task[]>();
  private child?: ChildProcess;
  /** Whether `child` has loaded its modules: its start is no file's cost. */
  private childReady = false;
  private running?: Running;
  private lastTurn?: string;

  constructor(
    private readonly timeLimitMs = FILE_TIME_LIMIT_MS,
    private readonly nodeFlags = CHILD_HEAP,
  ) {}

  /** Stamps one file: its outcome, or a StampFault when it could not be done now. */
  write(file: StampFile): Promise<StampOutcome> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(file.linkId);
      if (queue) queue.push({ file, resolve, reject });
      else this.waiting.set(file.linkId, [{ file, resolve, reject }]);
      this.next();
    });
  }

  private next(): void {
    if (this.running) return;
    const links = [...this.waiting.keys()];
    if (links.length === 0) {
      // Nothing left: the process ends and its memory goes back.
      this.child?.disconnect();
      this.child = undefined;
      return;
    }
    // Links take turns: the one that just had its turn waits while another has files.
    const linkId = links.find((link) => link !== this.lastTurn) ?? links[0];
    const queue = this.waiting.get(linkId) as Task[];
    const task = queue.shift() as Task;
    this.waiting.delete(linkId);
    if (queue.length > 0) this.waiting.set(linkId, queue);
    this.lastTurn = linkId;
    this.start(task);
  }

  private start(task: Task): void {
    const child = this.child ?? this.spawn();
    this.running = { task, child, timedOut: false };
    if (this.childReady) this.send(this.running);
  }

  private send(running: Running): void {
    const { child, task } = running;
    running.timer = setTimeout(() => {
      running.timedOut = true;
      // The next file goes to a new process, never to this one on its way out.
      if (this.child === child) this.child = undefined;
      child.kill('SIGKILL');
    }, this.timeLimitMs);
    child.send(task.file);
  }

  private spawn(): ChildProcess {
    const child = forkChild(CHILD, this.nodeFlags);
    this.child = child;
    this.childReady = false;
    const gone = () => {
      if (this.child === child) this.child = undefined;
    };
    child.on('message', (answer: StampAnswer | typeof READY) => {
      if (answer === READY) return this.readied(child);
      this.settle(child, (task) =>
        'outcome' in answer
          ? task.resolve(answer.outcome)
          : task.reject(new StampFault(answer.error, answer.code ?? 'error')),
      );
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      gone();
      this.settle(child, (task) =>
        task.reject(new StampFault(error.message, error.code ?? 'spawn')),
      );
    });
    child.once('exit', (code, signal) => {
      gone();
      // A file sent, then past its time limit, or V8 aborted the process when the heap
      // passed its bound: the file's own cost. Anything else is a fault of the moment.
      const running = this.running?.child === child ? this.running : undefined;
      const tooCostly = running?.timer && (running.timedOut || signal === 'SIGABRT');
      this.settle(child, (task) =>
        tooCostly
          ? task.resolve({ unstampable: 'too-costly' })
          : task.reject(new StampFault(`stamping process ended (${signal ?? code})`, 'crash')),
      );
    });
    return child;
  }

  /** The process has loaded its modules: the file waiting for it goes. */
  private readied(child: ChildProcess): void {
    if (this.child !== child) return;
    this.childReady = true;
    if (this.running?.child === child && !this.running.timer) this.send(this.running);
  }

  /** Ends the wait of the file running in `child`, if one does, and starts the next. */
  private settle(child: ChildProcess, end: (task: Task) => void): void {
    const running = this.running;
    if (running?.child !== child) return;
    clearTimeout(running.timer);
    this.running = undefined;
    end(running.task);
    this.next();
  }
}
