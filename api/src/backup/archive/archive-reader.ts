// Reads an archive entry by entry (age, gzip, tar) and checks it against its
// manifest: every file with its size and SHA-256, nothing missing or extra,
// no name twice; then its origin (archive-signature.ts). A cut archive fails
// in age, gzip or tar, an altered byte in age's tag, gzip's checksum or a
// SHA-256, a foreign one by its manifest or its signature.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract, type Header } from 'tar-stream';
import {
  ArchiveRefusedError,
  MANIFEST_NAME,
  parseManifest,
  type Manifest,
} from './backup-manifest';
import { messageOf } from '../../common/error-message';
import { shown } from '../backup-text';
import { openArchive, type ArchiveKey } from './archive-crypto';
import {
  checkOrigin,
  parseSignature,
  SIGNATURE_NAME,
  type Signature,
  type Trust,
} from './archive-signature';

/** manifest.json lists paths and hashes only: anything this large is not ours. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MAX_SIGNATURE_BYTES = 4096;

export interface ArchiveRead {
  manifest: Manifest;
  /** SHA-256 of manifest.json's bytes: a second reading must find the same. */
  digest: string;
}

/** Where restore puts one entry's bytes while they stream past. */
export type EntrySink = { write(chunk: Buffer): Promise<unknown>; end(): Promise<void> };

type Seen = { type: Header['type']; size: number; sha256?: string; target?: string };

function checkAgainst(manifest: Manifest, seen: Map<string, Seen>): void {
  const refuse = (reason: string) => new ArchiveRefusedError(reason);
  for (const entry of manifest.entries) {
    const found = seen.get(entry.path);
    if (!found) throw refuse(`${shown(entry.path)} fehlt im Archiv`);
    if (found.type !== entry.type) throw refuse(`${shown(entry.path)} hat die falsche Art`);
    if (entry.type === 'file' && (found.size !== entry.size || found.sha256 !== entry.sha256))
      throw refuse(`${shown(entry.path)} ist verändert (Grösse oder SHA-256 weicht ab)`);
    if (entry.type === 'symlink' && found.target !== entry.target)
      throw refuse(`${shown(entry.path)} ist verändert (Ziel des Links)`);
  }
  const listed = new Set(manifest.entries.map((entry) => entry.path));
  const extra = [...seen.keys()].find((path) => !listed.has(path));
  if (extra !== undefined) throw refuse(`${shown(extra)} steht nicht im Manifest`);
}

async function readAll(body: Readable, name: string, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    length += (chunk as Buffer).length;
    if (length > limit) throw new ArchiveRefusedError(`${shown(name)} ist zu gross`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

interface ReadOptions {
  key?: ArchiveKey;
  trust: Trust;
  /** May return a sink for an entry's bytes (restore writes them out). */
  onEntry?: (header: Header) => Promise<EntrySink | undefined>;
}

/** The manifest, once the whole archive matched it; a sink's work counts only then. */
export async function readArchive(path: string, { key, trust, onEntry }: ReadOptions) {
  const seen = new Map<string, Seen>();
  // Restore's own failure to write (a full disk) is said as it is, not as a damaged archive.
  let writeError: unknown;
  const writing = <T>(work: () => Promise<T>) =>
    work().catch((error: unknown) => {
      writeError = error;
      throw error;
    });
  let manifestBytes: Buffer | undefined;
  let signature: Signature | undefined;
  // Without the key, or with a wrong one, this throws before anything is read.
  const { bytes, encrypted } = await openArchive(path, key);
  const parser = extract();
  const source = pipeline(bytes, createGunzip(), parser as unknown as NodeJS.WritableStream);
  try {
    for await (const body of parser) {
      const header = body.header;
      const name = header.name.replace(/\/$/, '');
      const again =
        (name === MANIFEST_NAME && manifestBytes) || (name === SIGNATURE_NAME && signature);
      if (seen.has(name) || again)
        throw new ArchiveRefusedError(`${shown(name)} steht zweimal im Archiv`);
      const readable = body as unknown as Readable;
      if (name === MANIFEST_NAME) {
        manifestBytes = await readAll(readable, name, MAX_MANIFEST_BYTES);
        continue;
      }
      if (name === SIGNATURE_NAME) {
        const text = (await readAll(readable, name, MAX_SIGNATURE_BYTES)).toString('utf8');
        signature = parseSignature(text);
        if (!signature) throw new ArchiveRefusedError(`${shown(name)} ist nicht lesbar`);
        continue;
      }
      const hash = createHash('sha256');
      let size = 0;
      const sink = onEntry && (await writing(() => onEntry(header)));
      for await (const chunk of readable) {
        hash.update(chunk as Buffer);
        size += (chunk as Buffer).length;
        if (sink) await writing(() => sink.write(chunk as Buffer));
      }
      if (sink) await writing(() => sink.end());
      const target = header.linkname ?? undefined;
      seen.set(name, { type: header.type, size, sha256: hash.digest('hex'), target });
    }
    await source;
  } catch (error) {
    parser.destroy();
    await source.catch(() => undefined);
    if (error instanceof ArchiveRefusedError || error === writeError) throw error;
    throw new ArchiveRefusedError(
      `das Archiv ist beschädigt oder unvollständig (${messageOf(error)})`,
    );
  }
  if (manifestBytes === undefined)
    throw new ArchiveRefusedError('kein Archiv dieser Website (manifest.json fehlt)');
  const manifest = parseManifest(manifestBytes.toString('utf8'));
  checkAgainst(manifest, seen);
  checkOrigin({ manifestBytes, signature, encrypted }, trust);
  return { manifest, digest: createHash('sha256').update(manifestBytes).digest('hex') };
}
