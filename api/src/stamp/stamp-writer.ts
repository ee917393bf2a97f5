import { childModule, runChildJob } from '../common/child-job';
import type { Unstampable } from './pdf-stamp';

/** One link's PDFs to stamp, one after another in one process. */
export interface StampJob {
  line: string;
  linkId: string;
  /** `target`: a new file; the child never writes over one. */
  files: Array<{ source: string; target: string }>;
}

export type StampOutcome = { written: number } | { unstampable: Unstampable };

const CHILD = childModule(__dirname, __filename, 'stamp-writer.child');
// pdf-lib holds the whole document while it works (a 5 MB PDF takes the child
// to about 100 MB): bounded well inside the API container's memory limit.
const CHILD_HEAP = ['--max-old-space-size=160'];

/** Stamps the files in a process of its own (common/child-job.ts); an outcome per file. */
export const writeStamped = (job: StampJob) =>
  runChildJob<StampJob, StampOutcome[]>(CHILD, job, CHILD_HEAP);
