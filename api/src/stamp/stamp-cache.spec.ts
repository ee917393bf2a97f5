import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { pageTexts } from '../../test/support/pdf-reader';
import { pdf, realPdf } from '../../test/support/pdf';
import { scratchDir } from '../../test/support/scratch';
import type { StampReports } from './stamp-alarm';
import { StampCache, type StampSource } from './stamp-cache';
import { FILE_TIME_LIMIT_MS, StampFault, StampWriter } from './stamp-writer';

const zurich = {
  linkId: 'link-zuerich',
  line: 'Zürcher Söhne AG · Bewerbung / application · 28.11.2026',
};
const basel = {
  linkId: 'link-basel01',
  line: 'Basler Bäckerei · Bewerbung / application · 01.12.2026',
};

function sourceAt(path: string): StampSource {
  const { size, mtimeNs, ctimeNs, ino } = statSync(path, { bigint: true });
  return { path, size: Number(size), mtimeNs, ctimeNs, ino };
}

/** A writer whose stamping process is killed as it starts. */
const killedWriter = () =>
  new StampWriter(FILE_TIME_LIMIT_MS, [
    '--import',
    'data:text/javascript,process.kill(process.pid, "SIGKILL")',
  ]);

function setUp(limitBytes = 10_000_000, writer = new StampWriter()) {
  const dir = scratchDir('stamp-cache-spec-');
  const cacheDir = join(dir, 'stamp-cache');
  const warnings: string[] = [];
  const reported: string[] = [];
  const reports: StampReports = {
    fault: (fault) => reported.push(fault.kind),
    recovered: () => reported.push('recovered'),
  };
  const logger = { warn: (text: string) => warnings.push(text) } as unknown as Logger;
  let now = Date.parse('2026-11-28T10:00:00Z');
  const clock = { advance: (ms: number) => (now += ms) };
  const cacheWith = (stampWriter: StampWriter) =>
    new StampCache(cacheDir, stampWriter, reports, logger, limitBytes, 60_000, () => now);
  const cache = cacheWith(writer);
  const copies = () => readdirSync(cacheDir, { recursive: true }).map(String);
  return { dir, cache, cacheWith, warnings, reported, clock, copies };
}

describe('StampCache', () => {
  it("makes a company's copy once and sends it again, another company's apart", async () => {
    const { dir, cache, copies } = setUp();
    const cv = join(dir, 'lebenslauf.pdf');
    writeFileSync(cv, await realPdf([{ text: 'Lebenslauf' }, { text: 'Seite 2' }]));
    const first = await cache.copyOf(sourceAt(cv), zurich);
    const again = await cache.copyOf(sourceAt(cv), zurich);
    const other = await cache.copyOf(sourceAt(cv), basel);
    expect(again).toEqual(first);
    expect(other?.path).not.toBe(first?.path);
    expect(copies().filter((name) => name.endsWith('.pdf'))).toHaveLength(2);
    const [one, two] = pageTexts(readFileSync(first!.path));
    expect(one).toContain(zurich.line);
    expect(two).toContain(zurich.line);
    expect(pageTexts(readFileSync(other!.path))[0]).toContain(basel.line);
    expect(first!.name).toMatch(/^[\w-]+\/[\w-]+\.[\w-]+\.pdf$/);
  });

  it("makes a ZIP's copies in their order, the unstampable one left as it is", async () => {
    const { dir, cache } = setUp();
    const files = ['a.pdf', 'kaputt.pdf', 'b.pdf'].map((name) => join(dir, name));
    writeFileSync(files[0], await realPdf([{ text: 'Erstes' }]));
    writeFileSync(files[1], pdf('kein Seitenbaum'));
    writeFileSync(files[2], await realPdf([{ text: 'Zweites' }]));
    const copies = await cache.copiesOf(files.map(sourceAt), zurich);
    expect(copies[1]).toBeUndefined();
    expect(pageTexts(readFileSync(copies[0]!.path))[0]).toContain('Erstes');
    expect(pageTexts(readFileSync(copies[2]!.path))[0]).toContain('Zweites');
    expect(await cache.copyOf(sourceAt(files[2]), zurich)).toEqual(copies[2]);
  });

  it('makes a new copy when the source changes and drops the old one', async () => {
    const { dir, cache, copies } = setUp();
    const cv = join(dir, 'lebenslauf.pdf');
    writeFileSync(cv, await realPdf([{ text: 'Alt' }]));
    const old = await cache.copyOf(sourceAt(cv), zurich);
    writeFileSync(cv, await realPdf([{ text: 'Neu und länger' }]));
    const fresh = await cache.copyOf(sourceAt(cv), zurich);
    expect(fresh?.path).not.toBe(old?.path);
    expect(pageTexts(readFileSync(fresh!.path))[0]).toContain('Neu und länger');
    expect(copies().filter((name) => name.endsWith('.pdf'))).toEqual([fresh!.name]);
  });

  it('sends a PDF it cannot stamp as it is, saying so once', async () => {
    const { dir, cache, warnings } = setUp();
    const broken = join(dir, 'kaputt.pdf');
    writeFileSync(broken, pdf('kein Seitenbaum'));
    expect(await cache.copyOf(sourceAt(broken), zurich)).toBeUndefined();
    expect(await cache.copyOf(sourceAt(broken), zurich)).toBeUndefined();
    expect(warnings).toEqual([`PDF sent unstamped (unreadable): ${broken}`]);
  });

  it('fails closed when its process is killed, and makes the copy on the next request', async () => {
    const { dir, cache, cacheWith, reported, copies } = setUp(10_000_000, killedWriter());
    const [cv, letter] = ['lebenslauf.pdf', 'brief.pdf'].map((name) => join(dir, name));
    writeFileSync(cv, await realPdf([{ text: 'Lebenslauf' }]));
    writeFileSync(letter, await realPdf([{ text: 'Brief' }]));
    const sources = [sourceAt(cv), sourceAt(letter), sourceAt(cv)];
    for (const ask of [
      () => cache.copyOf(sources[0], zurich),
      () => cache.copiesOf(sources, basel),
    ])
      await expect(ask()).rejects.toBeInstanceOf(StampFault);
    expect(reported).toEqual(['crash', 'crash']);
    expect(copies().filter((name) => !name.includes('/'))).toHaveLength(2);
    expect(copies().filter((name) => name.includes('/'))).toEqual([]);
    const copy = await cacheWith(new StampWriter()).copyOf(sourceAt(cv), zurich);
    expect(pageTexts(readFileSync(copy!.path))[0]).toContain(zurich.line);
    expect(reported.at(-1)).toBe('recovered');
  });

  it('keeps within its size, dropping the least recently sent copy, never one just sent', async () => {
    const { dir, cache, clock, copies } = setUp(1);
    const files = ['a.pdf', 'b.pdf', 'c.pdf'].map((name) => join(dir, name));
    for (const file of files) writeFileSync(file, await realPdf([{ text: file }]));
    const a = await cache.copyOf(sourceAt(files[0]), zurich);
    clock.advance(120_000);
    const b = await cache.copyOf(sourceAt(files[1]), zurich);
    // Sent again now, so a is newer than b when the next copy is made.
    clock.advance(120_000);
    await cache.copyOf(sourceAt(files[0]), zurich);
    clock.advance(30_000);
    const c = await cache.copyOf(sourceAt(files[2]), zurich);
    // Both a and c were sent within the last minute; b was not.
    expect(
      copies()
        .filter((name) => name.endsWith('.pdf'))
        .sort(),
    ).toEqual([a!.name, c!.name].sort());
    expect(b).toBeDefined();
  });

  it('removes the copies of links that ended, and nothing it did not make', async () => {
    const { dir, cache, copies } = setUp();
    const cv = join(dir, 'lebenslauf.pdf');
    writeFileSync(cv, await realPdf([{ text: 'Lebenslauf' }]));
    await cache.copyOf(sourceAt(cv), zurich);
    const kept = await cache.copyOf(sourceAt(cv), basel);
    const strangers = ['notes', 'documents-zip-0123456789ab'];
    for (const name of strangers) mkdirSync(join(dir, 'stamp-cache', name));
    await cache.keepOnly([basel.linkId]);
    expect(copies().sort()).toEqual([kept!.name.split('/')[0], kept!.name, ...strangers].sort());
  });
});
