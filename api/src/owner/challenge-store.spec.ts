import { CHALLENGES_MAX, CHALLENGE_TTL_MS, ChallengeStore } from './challenge-store';

describe('ChallengeStore', () => {
  const start = Date.parse('2026-03-01T10:00:00Z');

  it('gives a challenge once', () => {
    const store = new ChallengeStore();
    store.add('a', start);
    expect(store.take('a', start + 1000)).toBe(true);
    expect(store.take('a', start + 2000)).toBe(false);
  });

  it('knows no challenge it did not make', () => {
    expect(new ChallengeStore().take('fremd', start)).toBe(false);
  });

  it('refuses a challenge after five minutes, and forgets it', () => {
    const store = new ChallengeStore();
    store.add('a', start);
    store.add('b', start);
    expect(store.take('a', start + CHALLENGE_TTL_MS - 1)).toBe(true);
    expect(store.take('b', start + CHALLENGE_TTL_MS)).toBe(false);
    expect(store.take('b', start)).toBe(false);
  });

  it('drops the oldest beyond its bound, and the expired ones whenever it adds', () => {
    const store = new ChallengeStore();
    for (let i = 0; i <= CHALLENGES_MAX; i += 1) store.add(`c${i}`, start + i);
    expect(store.take('c0', start + 200)).toBe(false);
    expect(store.take('c1', start + 200)).toBe(true);
    expect(store.take(`c${CHALLENGES_MAX}`, start + 200)).toBe(true);

    const small = new ChallengeStore(1000, 3);
    small.add('old', start);
    small.add('new', start + 1500);
    // Dropped when 'new' came, as it had expired: even asked at its own time, it is gone.
    expect(small.take('old', start)).toBe(false);
    expect(small.take('new', start + 1500)).toBe(true);
  });
});
