import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pageTexts } from '../../test/support/pdf-reader';
import { realPdf } from '../../test/support/pdf';
import { scratchDir } from '../../test/support/scratch';
import { FILE_TIME_LIMIT_MS, StampFault, StampWriter, type StampFile } from './stamp-writer';

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

  it('records a file past its time limit or its memory bound as too costly, and goes on', async () => {
    // The limit of a millisecond runs out before the process has started.
    const slow = new StampWriter(1);
    const [first] = await files('slow', 1);
    expect(await slow.write(first)).toEqual({ unstampable: 'too-costly' });
    const greedy = new StampWriter(FILE_TIME_LIMIT_MS, ['--max-old-space-size=4']);
    expect(await greedy.write(first)).toEqual({ unstampable: 'too-costly' });
    const [next] = await files('next', 1);
    expect(await new StampWriter().write(next)).toEqual({ written: expect.any(Number) });
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

  it('fails a file it cannot write, naming the cause', async () => {
    const [file] = await files('full', 1);
    await writeFile(file.target, 'already there');
    await expect(new StampWriter().write(file)).rejects.toMatchObject({ kind: 'EEXIST' });
  });
});
