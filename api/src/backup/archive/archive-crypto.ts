// Archives encrypted with age (docs/backup.md, "Verschlüsselt mit age"),
// streamed 64 KiB at a time; the standard `age -d -i KEYFILE` opens them too.
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from 'age-encryption';
import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { expandHome } from '../../config/backup-readers';
import { Duplex, Readable } from 'node:stream';
import type { ReadableStream as WebReadable } from 'node:stream/web';
import { ArchiveRefusedError } from './backup-manifest';
import { messageOf } from '../../common/error-message';
import { signingKeyIn } from './archive-signature';

const AGE_MAGIC = Buffer.from('age-encryption.org/v1\n');
/** age seals each 64 KiB chunk with a 16-byte tag; its header takes below 512 bytes a recipient. */
const CHUNK = 64 * 1024;
const TAG = 16;
const HEADER_BYTES = 512;

/** An identity file: the secret keys it holds (AGE-SECRET-KEY-1…) and the site's public signing key. */
export type ArchiveKey = { file: string; identities: string[]; signer?: string };

/** A nothing-changed failure the owner reads as one line (an archive without its key). */
export class KeyError extends Error {}

/** The largest an archive of `bytes` becomes once encrypted for `recipients`. */
export const ageBound = (bytes: number, recipients: number) =>
  recipients === 0
    ? bytes
    : bytes + (Math.ceil(bytes / CHUNK) + 1) * TAG + HEADER_BYTES * recipients;

export async function encryptingStream(recipients: string[]): Promise<Duplex> {
  const encrypter = new Encrypter();
  for (const recipient of recipients) encrypter.addRecipient(recipient);
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const encrypted = await encrypter.encrypt(readable);
  return Duplex.fromWeb({ readable: encrypted as WebReadable, writable });
}

/** Whether the file at `path` begins with `magic` (an age file, a SQLite database). */
export async function beginsWith(path: string, magic: Buffer): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const start = Buffer.alloc(magic.length);
    const { bytesRead } = await file.read(start, 0, start.length, 0);
    return bytesRead === start.length && start.equals(magic);
  } finally {
    await file.close();
  }
}

/** An identity file as age-keygen writes it; `~/` is home (a shell may leave AGE_IDENTITY=~/…). */
export async function readIdentityFile(given: string): Promise<ArchiveKey> {
  const file = expandHome(given);
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new KeyError(`Schlüsseldatei ${file} ist nicht lesbar (${error.code ?? error.message}).`);
  });
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (lines.length === 0 || !lines.every((line) => line.startsWith('AGE-SECRET-KEY-1')))
    throw new KeyError(
      `Schlüsseldatei ${file} enthält keinen geheimen age-Schlüssel (AGE-SECRET-KEY-1…).`,
    );
  return { file, identities: lines, signer: signingKeyIn(text) };
}

/** The archive's tar.gz, decrypted on the way; refused before a byte is read without its key. */
export async function openArchive(
  path: string,
  key?: ArchiveKey,
): Promise<{ bytes: Readable; encrypted: boolean }> {
  if (!(await beginsWith(path, AGE_MAGIC)))
    return { bytes: createReadStream(path), encrypted: false };
  if (!key)
    throw new KeyError(
      `${basename(path)} ist verschlüsselt: den geheimen Schlüssel angeben ` +
        '(make …: AGE_IDENTITY=DATEI, sonst --identity DATEI); nichts verändert.',
    );
  const decrypter = new Decrypter();
  try {
    for (const identity of key.identities) decrypter.addIdentity(identity);
  } catch {
    throw new KeyError(`Schlüsseldatei ${key.file} enthält einen ungültigen age-Schlüssel.`);
  }
  const source = createReadStream(path);
  try {
    const plain = await decrypter.decrypt(Readable.toWeb(source) as ReadableStream<Uint8Array>);
    return { bytes: Readable.fromWeb(plain as WebReadable<Uint8Array>), encrypted: true };
  } catch (error) {
    source.destroy();
    const reason = messageOf(error);
    if (/no identity matched/.test(reason))
      throw new KeyError(
        `Falscher Schlüssel: ${key.file} öffnet ${basename(path)} nicht (für einen anderen ` +
          'age-Schlüssel verschlüsselt); nichts verändert.',
      );
    throw new ArchiveRefusedError(`der Kopf der Verschlüsselung ist beschädigt (${reason})`);
  }
}

/** A new key pair: its file as age-keygen writes it, its public key, itself as `key`. */
export async function newKeyPair(now = new Date()) {
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  const created = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const file = `# created: ${created}\n# public key: ${recipient}\n${identity}\n`;
  const key: ArchiveKey = { file: 'dem Prüfschlüssel dieser Sicherung', identities: [identity] };
  return { file, recipient, key };
}
