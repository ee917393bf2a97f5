// What one of a company's own PDFs is, as the access store holds it beside
// its access (access/access-record.ts); its bytes: letter-files.ts.
import { isObject, isTime } from '../common/json-store';
import { STORE_ID } from '../common/store-id';

export interface AccessLetter {
  /** Chosen by the store; also the name of its file, never the uploaded one. */
  id: string;
  /** The owner's name for it; the download is called this, with .pdf. */
  label: string;
  size: number;
  /** Of the bytes received; a store from before hashes gets it at the next start. */
  sha256?: string;
  addedAt: string;
}

/** An access as far as its letters go: its id names their folder. */
export interface LetterHolder {
  id: string;
  label: string;
  letters?: AccessLetter[];
}

export const isLetter = (value: unknown): value is AccessLetter =>
  isObject(value) &&
  typeof value.id === 'string' &&
  STORE_ID.test(value.id) &&
  typeof value.label === 'string' &&
  Number.isSafeInteger(value.size) &&
  (value.sha256 === undefined ||
    (typeof value.sha256 === 'string' && /^[0-9a-f]{64}$/.test(value.sha256))) &&
  isTime(value.addedAt);
