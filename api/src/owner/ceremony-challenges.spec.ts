import { CHALLENGE_TTL_MS, CeremonyChallenges } from './ceremony-challenges';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

describe('CeremonyChallenges', () => {
  const start = Date.parse('2026-03-01T10:00:00Z');

  it('takes a challenge once, for the purpose it was made for', () => {
    const challenges = new CeremonyChallenges();
    const challenge = b64(challenges.issue('sign-in', start));
    expect(challenges.take(challenge, 'confirm setup-link  p1', start + 1000)).toBe(false);
    expect(challenges.take(challenge, 'sign-in', start + 1000)).toBe(true);
    expect(challenges.take(challenge, 'sign-in', start + 2000)).toBe(false);
  });

  it('knows no challenge it did not make: random, altered, or made by another process', () => {
    const challenges = new CeremonyChallenges();
    expect(challenges.take('bmllIGdlZ2ViZW4', 'sign-in', start)).toBe(false);
    const bytes = Buffer.from(challenges.issue('sign-in', start));
    bytes[20] ^= 1;
    expect(challenges.take(b64(bytes), 'sign-in', start)).toBe(false);
    const other = b64(new CeremonyChallenges().issue('sign-in', start));
    expect(challenges.take(other, 'sign-in', start)).toBe(false);
  });

  it('refuses a challenge after five minutes', () => {
    const challenges = new CeremonyChallenges();
    const a = b64(challenges.issue('sign-in', start));
    const b = b64(challenges.issue('sign-in', start));
    expect(challenges.take(a, 'sign-in', start + CHALLENGE_TTL_MS - 1)).toBe(true);
    expect(challenges.take(b, 'sign-in', start + CHALLENGE_TTL_MS)).toBe(false);
  });

  it("keeps the owner's challenge through a flood of others, and forgets used ones once they end", () => {
    const challenges = new CeremonyChallenges();
    const owners = b64(challenges.issue('sign-in', start));
    for (let i = 0; i < 20_000; i += 1) {
      const flood = b64(challenges.issue('sign-in', start + 1));
      if (i % 2 === 0) challenges.take(flood, 'sign-in', start + 1);
    }
    expect(challenges.remembered).toBe(10_000);
    expect(challenges.take(owners, 'sign-in', start + 2)).toBe(true);

    const later = b64(challenges.issue('sign-in', start + CHALLENGE_TTL_MS + 1));
    expect(challenges.take(later, 'sign-in', start + CHALLENGE_TTL_MS + 2)).toBe(true);
    expect(challenges.remembered).toBe(1);
  });

  it('remembers no more than its bound: full, it refuses until used ones end', () => {
    const challenges = new CeremonyChallenges(CHALLENGE_TTL_MS, 3);
    const taken = () => challenges.take(b64(challenges.issue('sign-in', start)), 'sign-in', start);
    expect([taken(), taken(), taken(), taken()]).toEqual([true, true, true, false]);
    expect(challenges.remembered).toBe(3);
    const later = start + CHALLENGE_TTL_MS + 1;
    expect(challenges.take(b64(challenges.issue('sign-in', later)), 'sign-in', later)).toBe(true);
  });
});
