import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { withFileLock } from './json-store';

describe('withFileLock', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'portfolio-json-store-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('holds two stores of one folder at once, each released on its own', async () => {
    // The accesses and the owner's passkeys live side by side in ACCESS_DIR.
    const first = withFileLock(join(dir, 'accesses.json'), () => sleep(50).then(() => 'a'));
    const second = withFileLock(join(dir, 'passkeys.json'), () => sleep(100).then(() => 'b'));
    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'b']);
    expect(await readdir(dir)).toEqual([]);
  });

  it('takes turns on one store: whichever takes the lock first ends before the other starts', async () => {
    const file = join(dir, 'accesses.json');
    const order: string[] = [];
    const change = (name: string) =>
      withFileLock(file, async () => {
        order.push(`${name} start`);
        await sleep(30);
        order.push(`${name} end`);
      });
    await Promise.all([change('one'), change('two')]);
    // Both ask at once, so either may win; what matters is that they never overlap.
    const [first, second] = order[0] === 'one start' ? ['one', 'two'] : ['two', 'one'];
    expect(order).toEqual([`${first} start`, `${first} end`, `${second} start`, `${second} end`]);
  });
});
