// Shapes shared by the service, the ZIP cache and the ZIP writer, kept apart
// so none of them has to import another for its types.
import { DocumentFile } from './manifest';

/**
 * A manifest file found on disk. Besides size and modification time, which a
 * copy can keep (cp -p, rsync -t, utimes), the inode and the change time,
 * which nothing but the kernel sets, tell one version of the file from another.
 */
export interface AvailableFile extends DocumentFile {
  section: string;
  path: string;
  size: number;
  mtimeNs: bigint;
  ctimeNs: bigint;
  ino: bigint;
}

/** What GET /api/documents answers for one group. */
export interface ListedGroup {
  section: string;
  files: Array<DocumentFile & { size: number }>;
}

export interface CachedZip {
  /** File name inside the cache folder. */
  name: string;
  path: string;
  size: number;
}
