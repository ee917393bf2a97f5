// What the owner's page gets from /api/owner/accesses: the API answers with
// these shapes and the web (web/src/pages/owner/owner-client.ts) reads them,
// one declaration for both. Types only, so the web's bundle takes nothing.
import type { AccessState } from '../access/access-record';
import type { UnstampedFile } from '../documents/documents.types';

/** One of an access's own PDFs, as the page lists it. */
export interface LetterView {
  id: string;
  name: string;
  size: number;
  addedAt: string;
  /** Its bytes no longer match what was received: withheld until replaced. */
  damaged: boolean;
}

export interface AccessView {
  id: string;
  name: string;
  createdAt: string;
  expiresAt: string;
  state: AccessState;
  firstUsedAt: string | null;
  lastUsedAt: string | null;
  /** How often the link was opened. */
  uses: number;
  /** Documents opened or downloaded, documents.zip included. */
  downloads: number;
  /** The sections it sees; null: every one. */
  sections: string[] | null;
  letters: LetterView[];
  /** Whether its PDFs carry stampLine on every page. */
  stamp: boolean;
  stampLine: string;
  /** Its PDFs that go out as they are, as found when it last asked for them. */
  unstamped: UnstampedFile[];
}

export interface NewAccess {
  id: string;
  name: string;
  link: string;
  code: string;
  expiresAt: string;
}
