import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Logger } from '@nestjs/common';
import { realPdf } from '../../test/support/pdf';
import { scratchDir } from '../../test/support/scratch';
import { StampCache } from './stamp-cache';
import { StampLinks } from './stamp-links';
import { StampSweep } from './stamp-sweep';
import { StampWriter } from './stamp-writer';

class GivenLinks extends StampLinks {
  constructor(public links: string[] | undefined) {
    super();
  }
  active = async () => this.links;
}

describe('StampSweep', () => {
  const silent = { warn: () => undefined } as unknown as Logger;
  const reports = { fault: () => undefined, recovered: () => undefined };

  it('drops an ended link’s copies at start, and none while the links cannot be read', async () => {
    const dir = scratchDir('stamp-sweep-spec-');
    const cv = join(dir, 'lebenslauf.pdf');
    writeFileSync(cv, await realPdf([{ text: 'Lebenslauf' }]));
    const cache = new StampCache(join(dir, 'stamped'), new StampWriter(), reports, silent, 1e8, 0);
    const { size, mtimeNs, ctimeNs, ino } = statSync(cv, { bigint: true });
    const copy = await cache.copyOf(
      { path: cv, size: Number(size), mtimeNs, ctimeNs, ino },
      { linkId: 'link-ended', line: 'Zürcher Söhne AG · Bewerbung / application · 28.11.2026' },
    );
    const links = new GivenLinks(undefined);
    const sweep = new StampSweep(cache, links);

    await sweep.onModuleInit();
    sweep.onModuleDestroy();
    expect(existsSync(copy!.path)).toBe(true);

    links.links = ['another-link'];
    await sweep.onModuleInit();
    sweep.onModuleDestroy();
    expect(existsSync(dirname(copy!.path))).toBe(false);
  });
});
