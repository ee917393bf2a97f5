// Reads an archive entry by entry (age when encrypted, gzip, then
// tar-stream's parser) and checks it against its manifest: every file
// present with its size and SHA-256, nothing missing, nothing extra, no name
// twice; then where it came from (archive-signature.ts). A cut archive fails
// in age, gzip or tar, an altered byte in age's tag, gzip's checksum or a
// file's SHA-256, a foreign tar by its missing or unknown manifest, an
// archive the site did not make by its signature.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract, type Header } from 'tar-stream';
import {
  ArchiveRefusedError,
  MANIFEST_NAME,
  messageOf,
  parseManifest,
  shown,
  type Manifest,
  type ManifestEntry,
} from './backup-manifest';
import { openArchive, type ArchiveKey } from './archive-crypto';
import {
  checkOrigin,
  parseSignature,
  SIGNATURE_NAME,
  type Signature,
  type Trust,
} from './archive-signature';

/** manifest.json lists paths and hashes only; anything this large is not ours. */
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const MAX_SIGNATURE_BYTES = 4096;

export interface ArchiveRead {
  manifest: Manifest;
  /** SHA-256 of manifest.json's bytes: a second reading must find the same. */
  digest: string;
}

/** Where restore puts one entry's bytes while they stream past. */
export interface EntrySink {
  write(chunk: Buffer): Promise<unknown>;
  end(): Promise<void>;
}

interface Seen {
  type: Header['type'];
  size: number;
  sha256?: string;
  target?: string;
}

const TYPES: Partial<Record<Header['type'], ManifestEntry['type']>> = {
  file: 'file',
  directory: 'directory',
  symlink: 'symlink',
};

function checkAgainst(manifest: Manifest, seen: Map<string, Seen>): void {
  const refuse = (reason: string) => new ArchiveRefusedError(reason);
  for (const entry of manifest.entries) {
    const found = seen.get(entry.path);
    if (!found) throw refuse(`${shown(entry.path)} fehlt im Archiv`);
    if (TYPES[found.type] !== entry.type) throw refuse(`${shown(entry.path)} hat die falsche Art`);
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

export interface ReadOptions {
  /** The identity file for an encrypted archive. */
  key?: ArchiveKey;
  /** What the archive must prove about its origin. */
  trust: Trust;
  /** May return a sink for an entry's bytes (restore writes them out). */
  onEntry?: (header: Header) => Promise<EntrySink | undefined>;
}

/**
 * Reads the whole archive and returns its manifest once everything matched;
 * the archive's end is checked after every entry's sink, so that work
 * counts only when this resolves.
 */
export async function readArchive(
  path: string,
  { key, trust, onEntry }: ReadOptions,
): Promise<ArchiveRead> {
  const seen = new Map<string, Seen>();
  // A failure of restore's own writing (a full disk) is reported as it is,
  // not as a damaged archive.
  let writeError: unknown;
  const writing = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      writeError = error;
      throw error;
    }
  };
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
