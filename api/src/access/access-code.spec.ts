import { CODE_ALPHABET, hashAccessCode, newAccessCode, normaliseAccessCode } from './access-code';

describe('access codes', () => {
  it('use 32 symbols without 0, O, 1, I or l, 28 of them: 140 bits', () => {
    expect(new Set(CODE_ALPHABET).size).toBe(32);
    expect(CODE_ALPHABET).not.toMatch(/[0O1Il]/);
    const code = newAccessCode();
    expect(code.replace(/-/g, '')).toHaveLength(28);
    expect(Math.log2(32) * 28).toBeGreaterThanOrEqual(128);
  });

  it('differ every time', () => {
    const codes = new Set(Array.from({ length: 1000 }, newAccessCode));
    expect(codes.size).toBe(1000);
  });

  it('read a hand-copied code without case, spaces or dashes, and nothing else', () => {
    const code = newAccessCode();
    const bare = code.replace(/-/g, '');
    expect(normaliseAccessCode(code.toLowerCase().replace(/-/g, ' '))).toBe(bare);
    expect(normaliseAccessCode(`${bare.slice(1)}0`)).toBeUndefined();
    expect(normaliseAccessCode(bare.slice(1))).toBeUndefined();
    expect(hashAccessCode(bare)).toMatch(/^[0-9a-f]{64}$/);
  });
});
