// Shapes shared by the service, the ZIP cache and the ZIP writer, kept apart
// so none of them has to import another for its types.
import { DocumentFile } from './manifest';

/** A manifest file found on disk, with what it was when last looked at. */
export interface AvailableFile extends DocumentFile {
  section: string;
  path: string;
  size: number;
  modifiedMs: number;
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
