import { readFile, writeFile } from 'node:fs/promises';
import { scratchDir } from '../../test/support/scratch';
import { OwnerSetupStore, SETUP_LINK_TTL_MS, setupLink } from './owner-setup-store';

describe('OwnerSetupStore', () => {
  const now = Date.parse('2026-03-01T10:00:00Z');
  const store = () => new OwnerSetupStore(scratchDir('portfolio-owner-setup-'));

  it('stores only the hash of a 32-byte token and opens it for 15 minutes', async () => {
    const setup = store();
    const { token, expiresAt } = await setup.create(now);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(expiresAt).toBe(new Date(now + SETUP_LINK_TTL_MS).toISOString());
    expect(await readFile(setup.file, 'utf8')).not.toContain(token);
    expect(await setup.isOpen(token, now + SETUP_LINK_TTL_MS - 1)).toBe(true);
    expect(await setup.isOpen(token, now + SETUP_LINK_TTL_MS)).toBe(false);
    expect(await setup.consume(token, now + SETUP_LINK_TTL_MS)).toBe(false);
  });

  it('is used up once, and refuses a wrong token', async () => {
    const setup = store();
    const { token } = await setup.create(now);
    expect(await setup.isOpen(`${token}x`, now)).toBe(false);
    expect(await setup.consume(token, now)).toBe(true);
    expect(await setup.consume(token, now)).toBe(false);
    expect(await setup.isOpen(token, now)).toBe(false);
  });

  it('replaces an unused link with a new one', async () => {
    const setup = store();
    const first = await setup.create(now);
    const second = await setup.create(now);
    expect(await setup.isOpen(first.token, now)).toBe(false);
    expect(await setup.isOpen(second.token, now)).toBe(true);
  });

  it('is empty without a file, and refuses a damaged one by name', async () => {
    const setup = store();
    expect(await setup.read()).toBeNull();
    await writeFile(setup.file, '{"version":1,"pending":{"tokenHash":');
    await expect(setup.read()).rejects.toThrow(`Owner setup link store ${setup.file} is damaged`);
  });

  it('puts the token into the page address, in the fragment', () => {
    expect(setupLink('https://example.ch', 'abc')).toBe(
      'https://example.ch/verwaltung#einrichten=abc',
    );
  });
});
