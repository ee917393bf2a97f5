// Encrypted archives: written through age, read back only with the right
// key, refused with one line without it, and nothing readable in the bytes.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../../test/support/scratch';
import { createArchive } from './archive-writer';
import { readArchive } from './archive-reader';
import { KeyError, newKeyPair, readIdentityFile } from './archive-crypto';
import { ArchiveRefusedError } from './backup-manifest';
import { addRecipient } from '../commands/key.command';
import type { Trust } from './archive-signature';

/** Only the encryption is under test here; archive-origin.spec.ts checks signatures. */
const trust: Trust = { encryptedOnly: false, skip: false };

describe('encrypted archives', () => {
  const work = scratchDir('portfolio-crypto-spec-');
  const store = join(work, 'access');
  const document = Buffer.alloc(200_000, 'Vertraulich ');
  let archive: string;
  let keyFile: string;

  beforeAll(async () => {
    mkdirSync(store);
    writeFileSync(join(store, 'accesses.json'), '[{"name":"Muster AG"}]');
    writeFileSync(join(store, 'zeugnis.pdf'), document);
    const pair = await newKeyPair();
    keyFile = join(work, 'key.txt');
    writeFileSync(keyFile, pair.file);
    const summary = await createArchive({
      stores: [{ name: 'access', kind: 'folder', path: store }],
      backupDir: join(work, 'backups'),
      version: 'x',
      recipients: [pair.recipient],
    });
    archive = summary.path;
    expect(summary.encrypted).toBe(true);
  });

  it('names the archive .tar.gz.age and reveals nothing of its contents', () => {
    expect(archive).toMatch(/portfolio-backup-\d{4}-\d\d-\d\dT\d{6}Z\.tar\.gz\.age$/);
    const bytes = readFileSync(archive);
    expect(bytes.subarray(0, 22).toString()).toBe('age-encryption.org/v1\n');
    for (const secret of ['manifest.json', 'Muster AG', 'Vertraulich', 'accesses.json'])
      expect(bytes.includes(secret)).toBe(false);
  });

  it('reads and verifies the archive with the right key', async () => {
    const key = await readIdentityFile(keyFile);
    const { manifest } = await readArchive(archive, { key, trust });
    expect(manifest.stores).toEqual([
      { name: 'access', kind: 'folder', files: 2, bytes: document.length + 22 },
    ]);
  });

  it('refuses without a key, and with another key, before reading anything', async () => {
    await expect(readArchive(archive, { trust })).rejects.toThrow(
      /^portfolio-backup-\S+\.tar\.gz\.age ist verschlüsselt: den geheimen Schlüssel angeben/,
    );
    const other = join(work, 'other.txt');
    writeFileSync(other, (await newKeyPair()).file);
    const refusal = readArchive(archive, { key: await readIdentityFile(other), trust });
    await expect(refusal).rejects.toBeInstanceOf(KeyError);
    await expect(refusal).rejects.toThrow(/^Falscher Schlüssel: \S+other\.txt öffnet /);
  });

  it('refuses an altered byte and a cut archive as damaged', async () => {
    const key = await readIdentityFile(keyFile);
    const bytes = readFileSync(archive);
    const altered = Buffer.from(bytes);
    altered[Math.floor(bytes.length / 2)] ^= 1;
    const cut = bytes.subarray(0, Math.floor(bytes.length * 0.7));
    for (const [name, content] of [
      ['altered', altered],
      ['cut', cut],
    ] as const) {
      const file = join(work, `${name}.tar.gz.age`);
      writeFileSync(file, content);
      await expect(readArchive(file, { key, trust })).rejects.toBeInstanceOf(ArchiveRefusedError);
    }
  });

  it('refuses a key file without a secret key, or one that cannot be read', async () => {
    const publicOnly = join(work, 'public.txt');
    writeFileSync(publicOnly, '# public key: age1…\n');
    await expect(readIdentityFile(publicOnly)).rejects.toThrow(
      `Schlüsseldatei ${publicOnly} enthält keinen geheimen age-Schlüssel (AGE-SECRET-KEY-1…).`,
    );
    await expect(readIdentityFile(join(work, 'missing.txt'))).rejects.toThrow(
      /ist nicht lesbar \(ENOENT\)/,
    );
  });
});

describe('make backup-key: the public key into .env', () => {
  const key = 'age1fdw8zxextyf4jkhgetyygckuwp75gm6puf7ncclg33l4eucluetssxgye2';

  it('adds a line, or adds to the keys already there, and leaves every other line', () => {
    expect(addRecipient('', key)).toBe(`BACKUP_AGE_RECIPIENTS=${key}\n`);
    expect(addRecipient('WEB_PORT=8080', key)).toBe(
      `WEB_PORT=8080\nBACKUP_AGE_RECIPIENTS=${key}\n`,
    );
    expect(addRecipient('BACKUP_AGE_RECIPIENTS=\nBACKUP_KEEP=7\n', key)).toBe(
      `BACKUP_AGE_RECIPIENTS=${key}\nBACKUP_KEEP=7\n`,
    );
    expect(addRecipient('A=1\nBACKUP_AGE_RECIPIENTS=age1old\nB=2\n', key)).toBe(
      `A=1\nBACKUP_AGE_RECIPIENTS=age1old,${key}\nB=2\n`,
    );
  });
});
