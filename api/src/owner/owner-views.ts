// What the owner's page gets from /api/owner: the API answers with these
// shapes and the web reads them (through @portfolio/api/contract), one
// declaration for both. Types only, so the web's bundle takes nothing.
import type { AccessLogEntry } from '../access/access-log';
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

/** What a sign-in or a new passkey answers. */
export interface OwnerSession {
  token: string;
  /** Seconds. */
  expiresIn: number;
}

/** What the owner's page lists of a passkey: never its key. */
export interface PasskeyView {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** A setup link for a further device, shown once. */
export interface SetupLinkView {
  url: string;
  expiresAt: string;
}

/** A log entry as `make access-log --json` has it, with the command's words for it. */
export interface LogEntryView extends AccessLogEntry {
  /** What happened, e.g. "Dokument heruntergeladen: lebenslauf.pdf". */
  what: string;
  /** How it ended, e.g. "vollständig". */
  result: string;
}

export interface NewAccess {
  id: string;
  name: string;
  link: string;
  code: string;
  expiresAt: string;
}
