import { Logger } from '@nestjs/common';
import { RefusalLog, clip } from './refusal-log';

describe('RefusalLog', () => {
  it('writes 20 lines a minute, then counts the rest in one line the next minute', () => {
    const lines: string[] = [];
    const logger = { warn: (line: string) => lines.push(line) } as unknown as Logger;
    const log = new RefusalLog(logger, 'no valid token');
    for (let i = 0; i < 25; i += 1) log.warn(`refused ${i}`, 1_000);
    expect(lines).toHaveLength(20);

    log.warn('refused later', 61_000);
    expect(lines.slice(20)).toEqual([
      '5 more lines of "no valid token" left out in the last minute',
      'refused later',
    ]);
  });

  it('keeps short text as it is and cuts long text to a marked prefix', () => {
    expect(clip('/api/download/cv.pdf')).toBe('/api/download/cv.pdf');
    expect(clip('x'.repeat(500))).toBe(`${'x'.repeat(120)}… (500 characters)`);
  });
});
