import { scratchDir } from '../../test/support/scratch';
import { AccessStore } from './access-store';

describe('AccessStore', () => {
  it('keeps every access when several commands add one at the same time', async () => {
    const dir = scratchDir('portfolio-access-store-');
    const names = Array.from({ length: 8 }, (_, i) => `Firma ${i}`);

    // Separate stores, as separate command processes would have.
    await Promise.all(names.map((name) => new AccessStore(dir).add(name, 30, [])));

    const labels = (await new AccessStore(dir).readAccesses()).map((access) => access.label);
    expect(labels.sort()).toEqual(names);
  });

  it('leaves accesses.json as it was when there is nothing to revoke', async () => {
    const dir = scratchDir('portfolio-access-store-');
    const store = new AccessStore(dir);
    await store.add('Muster AG', 30, []);
    const before = await store.fingerprint();

    expect(await store.revoke('Niemand AG')).toEqual([]);
    expect(await store.fingerprint()).toBe(before);
  });

  it('revokes by id only an active access, and leaves the others as they were', async () => {
    const dir = scratchDir('portfolio-access-store-');
    const store = new AccessStore(dir);
    const { access } = await store.add('Muster AG', 30, []);
    const { access: other } = await store.add('Beispiel GmbH', 30, []);

    expect(await store.revokeById('unbekannt')).toBeUndefined();
    expect((await store.revokeById(access.id))?.revokedAt).toEqual(expect.any(String));
    const before = await store.fingerprint();
    expect((await store.revokeById(access.id))?.revokedAt).toEqual(expect.any(String));
    expect(await store.fingerprint()).toBe(before);
    const kept = (await store.readAccesses()).find((candidate) => candidate.id === other.id);
    expect(kept?.revokedAt).toBeUndefined();
  });
});
