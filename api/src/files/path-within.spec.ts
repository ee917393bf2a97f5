import { isWithin } from './path-within';

describe('isWithin', () => {
  it('takes the folder itself and anything below it, with or without a trailing slash', () => {
    for (const path of ['/srv/a', '/srv/a/', '/srv/a/b', '/srv/a/b/c', '/srv/a/..b'])
      expect(isWithin('/srv/a', path)).toBe(true);
    expect(isWithin('/srv/a/', '/srv/a/b')).toBe(true);
  });

  it('refuses a parent, a sibling and a sibling whose name starts the same', () => {
    for (const path of ['/srv', '/', '/srv/b', '/srv/ab', '/srv/a-b', '/srv/a/../b'])
      expect(isWithin('/srv/a', path)).toBe(false);
  });
});
