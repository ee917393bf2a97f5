import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pageTexts } from '../../test/support/pdf-reader';
import { realPdf } from '../../test/support/pdf';
import { scratchDir } from '../../test/support/scratch';
import {
  FILE_TIME_LIMIT_MS,
  SOURCE_GONE,
  StampFault,
  StampWriter,
  type StampFile,
} from './stamp-writer';

const line = (name: string) => `${name} · Bewerbung / application · 28.11.2026`;

async function files(link: string, count: number): Promise<StampFile[]> {
  const dir = scratchDir('stamp-writer-spec-');
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const source = join(dir, `${link}-${index}.pdf`);
      await writeFile(source, await realPdf([{ text: `${link} ${index}` }]));
      return { linkId: link, line: line(link), source, target: `${source}.stamped` };
    }),
  );
}

describe('StampWriter', () => {
  it('stamps each file in its link’s line and lets another link’s first file in after one', async () => {
    const writer = new StampWriter();
    const done: string[] = [];
    const write = (file: StampFile) =>
      writer.write(file).then((outcome) => {
        done.push(`${file.linkId}`);
        return outcome;
      });
    const [zip, single] = [await files('zip', 4), await files('single', 1)];
    const outcomes = await Promise.all([...zip.map(write), ...single.map(write)]);
    expect(outcomes.every((outcome) => 'written' in outcome)).toBe(true);
    // The ZIP's first file was running when the single one arrived: it goes next.
    expect(done).toEqual(['zip', 'single', 'zip', 'zip', 'zip']);
    expect(pageTexts(await readFile(single[0].target))[0]).toContain(line('single'));
    expect(pageTexts(await readFile(zip[3].target))[0]).toContain(line('zip'));
  });

  it('records a file past its time limit as too costly, and goes on', async () => {
    // A millisecond from the moment the process is ready: no file is read and stamped in it.
    const slow = new StampWriter(1);
    const [first] = await files('slow', 1);
    expect(await slow.write(first)).toEqual({ unstampable: 'too-costly' });
    const [next] = await files('next', 1);
    expect(await slow.write(next)).toEqual({ unstampable: 'too-costly' });
    expect(await new StampWriter().write(next)).toEqual({ written: expect.any(Number) });
  });

  it('counts a process that runs out of memory before its first file as no fault of the file', async () => {
    const starved = new StampWriter(FILE_TIME_LIMIT_MS, ['--max-old-space-size=4']);
    const [file] = await files('starved', 1);
    await expect(starved.write(file)).rejects.toMatchObject({
      kind: 'crash',
      message: 'stamping process ended (SIGABRT)',
    });
  });

  it('fails a file whose process is killed, and stamps it on the next try', async () => {
    const killed = new StampWriter(FILE_TIME_LIMIT_MS, [
      '--import',
      'data:text/javascript,process.kill(process.pid, "SIGKILL")',
    ]);
    const [file] = await files('killed', 1);
    const fault = await killed.write(file).catch((error: unknown) => error);
    expect(fault).toBeInstanceOf(StampFault);
    expect(fault).toMatchObject({ kind: 'crash', message: 'stamping process ended (SIGKILL)' });
    expect(await new StampWriter().write(file)).toEqual({ written: expect.any(Number) });
  });

  it('fails a file it cannot write, and one whose source went while it waited, naming each', async () => {
    const [file, gone] = await files('full', 2);
    await writeFile(file.target, 'already there');
    await rm(gone.source);
    const writer = new StampWriter();
    await expect(writer.write(file)).rejects.toMatchObject({ kind: 'EEXIST' });
    await expect(writer.write(gone)).rejects.toMatchObject({ kind: SOURCE_GONE });
  });

  it('starts a file’s time limit once its process is ready, not before', async () => {
    // Far below a process's start (hundreds of milliseconds), far above stamping one page.
    const writer = new StampWriter(FILE_TIME_LIMIT_MS / 100);
    const [file] = await files('fresh', 1);
    expect(await writer.write(file)).toEqual({ written: expect.any(Number) });
  });
});
