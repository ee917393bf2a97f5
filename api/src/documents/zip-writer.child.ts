// The process documents-zip.ts starts for one documents.zip (common/child-job.ts).
import { serveOneJob } from '../common/child-job';
import { writeZip, type ZipEntry } from './zip-writer';

export interface ZipJob {
  entries: ZipEntry[];
  target: string;
}

serveOneJob(async (job: ZipJob) => {
  await writeZip(job.entries, job.target);
  return true;
});
