import { childModule, runChildJob } from '../common/child-job';
import type { Unstampable } from './pdf-stamp';

export interface StampJob {
  source: string;
  /** A new file: the child never writes over one. */
  target: string;
  line: string;
  linkId: string;
}

export type StampOutcome = { written: number } | { unstampable: Unstampable };

const CHILD = childModule(__dirname, __filename, 'stamp-writer.child');
// pdf-lib holds the whole document while it works (a 5 MB PDF takes some
// tens of MB): bounded well inside the API container's memory limit.
const CHILD_HEAP = ['--max-old-space-size=160'];

/** Stamps one PDF into `target` in a process of its own (common/child-job.ts). */
export const writeStamped = (job: StampJob) =>
  runChildJob<StampJob, StampOutcome>(CHILD, job, CHILD_HEAP);
