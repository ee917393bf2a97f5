// Shapes shared by the service, the ZIP cache and the ZIP writer, kept apart
// so none of them has to import another for its types.
import type { AsIsReason } from '../stamp/as-is-reason';
import { DocumentFile } from '../manifest/manifest';

/**
 * A file a visitor may get, found on disk: one of the manifest's, or a PDF of the visitor's
 * own access (`letterId`). Besides size and modification time, which a copy can keep (cp -p,
 * rsync -t, utimes), the inode and the change time, which nothing but the kernel sets, tell
 * one version of the file from another.
 */
export interface AvailableFile extends DocumentFile {
  section: string;
  /** Its name in documents.zip: in its section's folder, or at the top for an own PDF. */
  entry: string;
  letterId?: string;
  path: string;
  size: number;
  mtimeNs: bigint;
  ctimeNs: bigint;
  ino: bigint;
}

/** What GET /api/documents answers for one group. */
export interface ListedGroup {
  /** The manifest's section, or for the access's own PDFs its name. */
  section: string;
  /** The access's own PDFs: listed first, downloaded by `id`. */
  own?: true;
  files: Array<DocumentFile & { size: number; id?: string }>;
}

export interface CachedZip {
  /** File name inside the cache folder. */
  name: string;
  path: string;
  size: number;
}

/** A PDF a link gets as it is, by its listed name, and why (the owner's page). */
export interface UnstampedFile {
  name: string;
  reason: AsIsReason;
}
