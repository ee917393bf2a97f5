// The process stamp-writer.ts starts for one link's PDFs (common/child-job.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { serveOneJob } from '../common/child-job';
import { lineFont } from './line-font';
import { stampPdf } from './pdf-stamp';
import type { StampJob, StampOutcome } from './stamp-writer';

serveOneJob(async ({ line, linkId, files }: StampJob): Promise<StampOutcome[]> => {
  const font = await lineFont(line);
  const outcomes: StampOutcome[] = [];
  // One at a time: one document in memory, whatever the number of files.
  for (const { source, target } of files) {
    const result = await stampPdf(await readFile(source), line, linkId, font);
    if ('unstampable' in result) outcomes.push(result);
    else {
      await writeFile(target, result.bytes, { flag: 'wx' });
      outcomes.push({ written: result.bytes.byteLength });
    }
  }
  return outcomes;
});
