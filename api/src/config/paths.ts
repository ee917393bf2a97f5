import { join, resolve } from 'node:path';

// This file sits in api/src/config (ts-jest, tsx) or api/dist/config (build):
// both are three levels below the repository root, so defaults do not depend
// on the directory the API was started from.
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');

export const ENV_FILE = join(REPO_ROOT, '.env');
// The tracked samples; the owner's own documents live where git and Docker never look
// (documents/private/ or a folder outside the repository, named by DOCUMENTS_DIR).
export const DEFAULT_DOCUMENTS_DIR = join(REPO_ROOT, 'documents', 'samples');
export const DEFAULT_MAIL_SPOOL_DIR = join(REPO_ROOT, 'mail-spool');
export const DEFAULT_MAIL_OUTBOX_DIR = join(REPO_ROOT, '.local', 'mail-outbox');
export const DEFAULT_ZIP_CACHE_DIR = join(REPO_ROOT, '.local', 'zip-cache');
export const DEFAULT_STAMP_CACHE_DIR = join(REPO_ROOT, '.local', 'stamp-cache');
// Personal access links, their use and the access log (docs/product.md#personal-access-links).
export const DEFAULT_ACCESS_DIR = join(REPO_ROOT, '.local', 'access');
// A company's own PDFs (docs/architecture.md#a-companys-own-documents): apart from the access
// store, so nginx can read them without seeing its code hashes and passkeys.
export const DEFAULT_LETTERS_DIR = join(REPO_ROOT, '.local', 'letters');
// The backup archives (docs/backup.md); git and Docker ignore the folder.
export const DEFAULT_BACKUP_DIR = join(REPO_ROOT, 'backups');
