import { hashPassword, parsePasswordHash, verifyPassword } from './password-hash';

const FAST = { N: 1024, r: 8, p: 1 };

describe('password hashes', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = parsePasswordHash(await hashPassword('Geheimnis', FAST));
    expect(hash).toBeDefined();
    await expect(verifyPassword('Geheimnis', hash!)).resolves.toBe(true);
    await expect(verifyPassword('geheimnis', hash!)).resolves.toBe(false);
    await expect(verifyPassword('', hash!)).resolves.toBe(false);
  });

  it('salts: the same password gives different hashes', async () => {
    expect(await hashPassword('gleich', FAST)).not.toEqual(await hashPassword('gleich', FAST));
  });

  it('uses scrypt with N=2^15, r=8, p=3 by default', async () => {
    expect(await hashPassword('x')).toMatch(/^scrypt:32768:8:3:[\w-]{22}:[\w-]{43}$/);
  });

  it.each([
    ['plain text', 'Geheimnis'],
    ['another scheme', '$argon2id$v=19$m=65536,t=3,p=4$abc$def'],
    ['a missing part', 'scrypt:1024:8:1:c2FsdHNhbHRzYWx0c2FsdA'],
    ['N not a power of two', 'scrypt:1000:8:1:c2FsdHNhbHRzYWx0c2FsdA:a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['absurd memory', 'scrypt:1048576:32:1:c2FsdHNhbHRzYWx0c2FsdA:a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['a short salt', 'scrypt:1024:8:1:c2FsdA:a2V5a2V5a2V5a2V5a2V5a2V5'],
    ['invalid characters', 'scrypt:1024:8:1:c2FsdHNhbHRzYWx0c2FsdA:a2V5a2V5a2V5a2V5a2V5a2V5$'],
  ])('refuses %s', (_case, value) => {
    expect(parsePasswordHash(value)).toBeUndefined();
  });
});
