// Whether a cached archive ends the way a complete ZIP of the expected
// entries ends. Reading its last bytes is cheap enough for every request,
// where hashing hundreds of megabytes would not be; it catches what happens
// to a cached file in practice: cut short, grown, or not one of ours.
import { open } from 'node:fs/promises';

const EOCD = { signature: 0x06054b50, length: 22 };
const ZIP64_EOCD = { signature: 0x06064b50, length: 56 };
const ZIP64_LOCATOR = { signature: 0x07064b50, length: 20 };
const ZIP64_TAIL = ZIP64_EOCD.length + ZIP64_LOCATOR.length + EOCD.length;
// The values an end record holds when the real ones are in its ZIP64 record.
const ZIP64_COUNT = 0xffff;
const ZIP64_OFFSET = 0xffffffff;

export type ZipCheck = { whole: true; size: number } | { whole: false; problem: string };

interface CentralDirectory {
  entries: number;
  /** Where the central directory ends, by its own offset and size. */
  end: number;
  /** Where it must end: where the records after it begin. */
  expectedEnd: number;
}

/** undefined when there is no such file. */
export async function checkZip(path: string, entries: number): Promise<ZipCheck | undefined> {
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return { whole: false, problem: (error as NodeJS.ErrnoException).code ?? 'unreadable' };
  }
  try {
    const { size } = await handle.stat();
    const length = Math.min(size, ZIP64_TAIL);
    const tail = Buffer.alloc(length);
    await handle.read(tail, 0, length, size - length);
    const directory = centralDirectory(tail, size);
    if (typeof directory === 'string') return { whole: false, problem: directory };
    if (directory.end !== directory.expectedEnd)
      return { whole: false, problem: 'central directory out of place' };
    if (directory.entries !== entries)
      return { whole: false, problem: `${directory.entries} entries, ${entries} expected` };
    return { whole: true, size };
  } finally {
    await handle.close();
  }
}

function centralDirectory(tail: Buffer, size: number): CentralDirectory | string {
  const at = tail.length - EOCD.length;
  if (at < 0 || tail.readUInt32LE(at) !== EOCD.signature) return 'no end record';
  if (tail.readUInt16LE(at + 20) !== 0) return 'unexpected comment';
  const entries = tail.readUInt16LE(at + 10);
  const length = tail.readUInt32LE(at + 12);
  const offset = tail.readUInt32LE(at + 16);
  if (entries === ZIP64_COUNT && length === ZIP64_OFFSET && offset === ZIP64_OFFSET)
    return zip64CentralDirectory(tail, size);
  return { entries, end: offset + length, expectedEnd: size - EOCD.length };
}

function zip64CentralDirectory(tail: Buffer, size: number): CentralDirectory | string {
  if (tail.length < ZIP64_TAIL) return 'no ZIP64 end record';
  const locator = tail.length - EOCD.length - ZIP64_LOCATOR.length;
  const record = locator - ZIP64_EOCD.length;
  const recordOffset = size - ZIP64_TAIL;
  if (
    tail.readUInt32LE(locator) !== ZIP64_LOCATOR.signature ||
    Number(tail.readBigUInt64LE(locator + 8)) !== recordOffset ||
    tail.readUInt32LE(record) !== ZIP64_EOCD.signature
  )
    return 'no ZIP64 end record';
  return {
    entries: Number(tail.readBigUInt64LE(record + 32)),
    end: Number(tail.readBigUInt64LE(record + 48) + tail.readBigUInt64LE(record + 40)),
    expectedEnd: recordOffset,
  };
}
