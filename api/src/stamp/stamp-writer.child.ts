// The process stamp-writer.ts starts for one stamped copy (common/child-job.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { serveOneJob } from '../common/child-job';
import { FONT_PATH } from './stamp-font';
import { stampPdf } from './pdf-stamp';
import type { StampJob, StampOutcome } from './stamp-writer';

serveOneJob(async (job: StampJob): Promise<StampOutcome> => {
  const [source, font] = await Promise.all([readFile(job.source), readFile(FONT_PATH)]);
  const result = await stampPdf(source, job.line, job.linkId, font);
  if ('unstampable' in result) return result;
  await writeFile(job.target, result.bytes, { flag: 'wx' });
  return { written: result.bytes.byteLength };
});
