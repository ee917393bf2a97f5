// A PDF arriving from the owner's phone (the request itself, never parsed
// first) or from the command line (stdin or a file), written to disk as it
// arrives. Never held whole: at most maxBytes are ever written, the first
// byte beyond refuses it, and only its first bytes and its last kilobyte stay
// in memory, to tell a PDF by its content: it starts with "%PDF-" and has
// "%%EOF" within its last 1024 bytes (where readers look for it), which also
// tells a file cut short. Its SHA-256 is taken on the way, so a letter's
// hash is that of the bytes written (letter-files.ts). A refusal answers at once; the rest of the body is
// read and dropped, so the sender hears the refusal rather than a cut
// connection. Whatever fails, the target is removed.
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { PDF_HEAD, notPdf, tooBig } from './letter-rules';

const TRAILER = Buffer.from('%%EOF');
const TAIL_BYTES = 1024;

/** What of the stream a PDF check needs: its size, first bytes and last kilobyte; its hash. */
class Edges {
  size = 0;
  readonly hash = createHash('sha256');
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);

  add(chunk: Buffer): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    if (this.head.length < PDF_HEAD.length)
      this.head = Buffer.concat([this.head, chunk]).subarray(0, PDF_HEAD.length);
    this.tail = Buffer.concat([this.tail, chunk]).subarray(-TAIL_BYTES);
  }

  isPdf(): boolean {
    return this.head.equals(PDF_HEAD) && this.tail.includes(TRAILER);
  }
}

/**
 * Writes `source` to `target` (a new file, readable by nginx) and returns its size and
 * SHA-256 once it is on disk; refuses, leaving no target, a stream declared or found larger than `maxBytes`
 * and one that is not a PDF.
 */
export async function receivePdf(
  source: Readable,
  target: string,
  maxBytes: number,
  declaredBytes?: number,
): Promise<{ size: number; sha256: string }> {
  if (declaredBytes !== undefined && declaredBytes > maxBytes) {
    source.resume();
    throw tooBig();
  }
  try {
    const edges = await writeBounded(source, target, maxBytes);
    if (!edges.isPdf()) throw notPdf();
    const written = await open(target, 'r');
    await written.sync().finally(() => written.close());
    return { size: edges.size, sha256: edges.hash.digest('hex') };
  } catch (error) {
    await unlink(target).catch(() => undefined);
    throw error;
  }
}

const cutShort = () => new Error('the upload ended before its last byte');

function writeBounded(source: Readable, target: string, maxBytes: number): Promise<Edges> {
  // A sender gone while the request waited for its checks has closed the
  // stream already: no listener below would ever hear of it.
  if (source.destroyed) return Promise.reject(cutShort());
  const edges = new Edges();
  const output = createWriteStream(target, { flags: 'wx', mode: 0o644 });
  return new Promise<Edges>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      source.off('data', onData);
      // Read on and drop the rest, so the sender hears the answer.
      source.resume();
      output.destroy();
      output.once('close', () => reject(error));
    };
    const onData = (chunk: Buffer) => {
      edges.add(chunk);
      if (edges.size > maxBytes) return fail(tooBig());
      if (!output.write(chunk)) {
        source.pause();
        output.once('drain', () => source.resume());
      }
    };
    source.on('data', onData);
    source.once('end', () => !settled && output.end());
    source.once('error', fail);
    // A sender that goes away before the end: no file cut short is kept.
    source.once('close', () => {
      if (!source.readableEnded) fail(cutShort());
    });
    output.once('error', fail);
    output.once('finish', () => {
      if (settled) return;
      settled = true;
      resolve(edges);
    });
  });
}
