// The owner's changes to the access links, one service for the commands
// (access.cli.ts) and the owner's page (owner/owner-accesses.service.ts), so
// both make, edit and end a link alike: the sections of the documents'
// manifest it sees, its own PDFs (letters/; the rules: letter-rules.ts) and
// its end, which takes its PDFs along (docs/product.md#personal-access-links).
import type { Readable } from 'node:stream';
import { loadManifest } from '../manifest/manifest';
import { LetterFiles } from '../letters/letter-files';
import { LETTERS_PER_ACCESS } from '../letters/letter-limits';
import { checkLetterLabel } from '../letters/letter-rules';
import { Access, accessState, checkLabel, sameLabel } from './access-record';
import { newStoreId } from '../common/store-id';
import { InputError } from '../common/typed-input';
import type { AccessLetter } from '../letters/letter-record';
import { AccessStore } from './access-store';
import { sectionsText } from './access-texts';

/** A PDF as it arrives: the stream and, when the sender said it, its length. */
export interface Upload {
  source: Readable;
  declaredBytes?: number;
  /** The SHA-256 (hex) its bytes must have: a confirmation given for this content only. */
  sha256?: string;
}

export interface LetterUpload extends Upload {
  /** The owner's name for it. */
  label: string;
}

type Received = Awaited<ReturnType<LetterFiles['receive']>>;
/** Where a new letter goes among an access's letters; throws when it may not. */
type Placement = (access: Access, letter: AccessLetter) => AccessLetter[];

const UNKNOWN_ACCESS = 'Diesen Zugang gibt es nicht.';
const UNKNOWN_LETTER = 'Diese Datei gibt es nicht.';
const OTHER_CONTENT =
  'Diese Datei ist nicht die bestätigte: bitte beim Zugang mit dem Passkey hinzufügen.';

export class AccessChanges {
  constructor(
    readonly store: AccessStore,
    readonly files: LetterFiles,
    private readonly documentsDir: string,
    /** Records a change for the owner's mail (access-change-notes.ts). */
    private readonly note: (text: string) => Promise<void>,
  ) {}

  /** The manifest's sections, in its order: what a link may be given. */
  async sections(): Promise<string[]> {
    return (await loadManifest(this.documentsDir)).map((group) => group.section);
  }

  /**
   * A new access seeing `sections` (none given: every one there is now, never one added
   * later), with its first PDF if one is given, received and checked before the access is
   * made; the code is returned once.
   */
  async add(name: string, days: number, sections?: string[], first?: LetterUpload) {
    checkLabel(name);
    const chosen = await this.chosen(sections);
    const label = first && checkLetterLabel(first.label);
    const received = first && (await this.receive(first));
    try {
      const made = await this.store.add(name, days, chosen);
      const letter =
        label &&
        received &&
        (await this.place(made.access.id, received, label, (_, letter) => [letter]));
      const own = letter ? '; 1 eigenes PDF' : '';
      await this.note(
        `Zugang für ${made.access.label} erstellt: ${sectionsText(made.access)}${own}`,
      );
      return { ...made, letter };
    } finally {
      if (received) await this.files.discard(received.temporary);
    }
  }

  /** Which sections the access sees from now on (none given: every one there is now). */
  async setSections(id: string, sections?: string[]): Promise<Access> {
    const chosen = await this.chosen(sections);
    let before = '';
    const changed = await this.store.update(id, (access) => {
      before = sectionsText(access);
      return { ...access, sections: chosen };
    });
    if (!changed) notFound(UNKNOWN_ACCESS);
    await this.note(`Bereiche von ${changed.label}: ${sectionsText(changed)} (vorher: ${before})`);
    return changed;
  }

  /** Whether the access's PDFs carry its name on every page (documents/stamp-for.ts). */
  async setStamp(id: string, on: boolean): Promise<Access> {
    const changed = await this.store.update(id, (access) => ({ ...access, stamp: on }));
    if (!changed) notFound(UNKNOWN_ACCESS);
    await this.note(`Stempel auf den PDFs von ${changed.label}: ${on ? 'ein' : 'aus'}`);
    return changed;
  }

  /**
   * Accesses stored before sections were always named ("every section") get those there are
   * now, once, so a section added later is seen by no link until the owner ticks it there.
   */
  async nameAllSections(): Promise<Access[]> {
    const all = await this.sections();
    return this.store.fillSections(all);
  }

  /** Adds a PDF to an active access: received whole and checked before it is named. */
  async addLetter(id: string, upload: LetterUpload): Promise<AccessLetter> {
    const name = checkLetterLabel(upload.label);
    const room = (access: Access) => checkRoom(access, name);
    const access = (await this.known(id)) ?? notFound(UNKNOWN_ACCESS);
    room(access);
    const letter = await this.letIn(id, upload, name, (current, added) => {
      room(current);
      return [...(current.letters ?? []), added];
    });
    await this.note(`Eigenes PDF „${letter.label}“ für ${access.label} hinzugefügt`);
    return letter;
  }

  /** Replaces a letter's bytes and name; the company finds it where the old one was. */
  async replaceLetter(id: string, letterId: string, upload: LetterUpload) {
    const name = checkLetterLabel(upload.label);
    const check = (access: Access) => {
      checkActive(access);
      if (!access.letters?.some((letter) => letter.id === letterId)) notFound(UNKNOWN_LETTER);
      checkUnique(access, name, letterId);
    };
    const access = (await this.known(id)) ?? notFound(UNKNOWN_ACCESS);
    check(access);
    const letter = await this.letIn(id, upload, name, (current, added) => {
      check(current);
      return (current.letters ?? []).map((old) => (old.id === letterId ? added : old));
    });
    await this.note(`Eigenes PDF „${letter.label}“ für ${access.label} ersetzt`);
    return letter;
  }

  async removeLetter(id: string, letterId: string): Promise<void> {
    let found: AccessLetter | undefined;
    const access = await this.store.update(id, (current) => {
      const letters = current.letters ?? [];
      found = letters.find((letter) => letter.id === letterId);
      return found
        ? { ...current, letters: letters.filter((letter) => letter.id !== letterId) }
        : current;
    });
    if (!access) notFound(UNKNOWN_ACCESS);
    if (!found) notFound(UNKNOWN_LETTER);
    await this.files.remove(id, letterId);
    await this.note(`Eigenes PDF „${found.label}“ von ${access.label} entfernt`);
  }

  /** Ends the active accesses of that name, their PDFs with them; returns them. */
  async revoke(name: string): Promise<Access[]> {
    const revoked = await this.store.revoke(name);
    for (const access of revoked) await this.ended(access, 'widerrufen');
    return revoked;
  }

  /** Ends the access with this id (an ended one keeps its state), its PDFs with it. */
  async revokeById(id: string): Promise<Access> {
    const before = await this.known(id);
    const access = (await this.store.revokeById(id)) ?? notFound(UNKNOWN_ACCESS);
    if (before && accessState(before) === 'active') await this.ended(access, 'widerrufen');
    else await this.files.removeAll(access.id);
    return access;
  }

  /** An access's PDFs gone with its end, and the owner told. */
  private async ended(access: Access, how: 'widerrufen' | 'gelöscht'): Promise<void> {
    await this.files.removeAll(access.id);
    await this.note(`Zugang für ${access.label} ${how}`);
  }

  /** Expired links lose their PDFs `graceMs` after they ended (revoked ones at once); returns them. */
  async dropExpiredLetters(graceMs: number, now = Date.now()): Promise<Access[]> {
    const dropped = await this.store.dropLetters(
      (access) =>
        accessState(access, now) === 'expired' && Date.parse(access.expiresAt) + graceMs <= now,
    );
    for (const access of dropped) await this.files.removeAll(access.id);
    return dropped;
  }

  /**
   * Removes an ended link, by its id or by a name only one ended link bears, with its PDFs;
   * its log entries and use go when the API next reads the store (access.service.ts).
   */
  async remove(ref: string): Promise<Access> {
    const wanted = ref.trim();
    const access = await this.store.remove((accesses) => {
      const byId = accesses.find((candidate) => candidate.id === wanted);
      if (byId) return byId;
      const named = accesses.filter((candidate) => sameLabel(candidate.label, wanted));
      const ended = named.filter((candidate) => accessState(candidate) !== 'active');
      if (ended.length > 1)
        throw new InputError(
          `${ended.length} beendete Zugänge heissen „${wanted}“: einen mit seiner ID aus ` +
            `make access-list wählen (${ended.map((candidate) => candidate.id).join(', ')}).`,
          409,
        );
      return ended[0] ?? named[0];
    });
    if (!access) notFound(UNKNOWN_ACCESS);
    await this.ended(access, 'gelöscht');
    return access;
  }

  private receive(upload: Upload): Promise<Received> {
    return this.files.receive(upload.source, upload.declaredBytes);
  }

  /** Receives an upload whole, then places it (below); no file is left whatever fails. */
  private async letIn(id: string, upload: Upload, label: string, where: Placement) {
    const received = await this.receive(upload);
    try {
      if (upload.sha256 !== undefined && received.sha256 !== upload.sha256)
        throw new InputError(OTHER_CONTENT, 409);
      return await this.place(id, received, label, where);
    } finally {
      await this.files.discard(received.temporary);
    }
  }

  /**
   * Holding the store's lock, asks `where` again whether a received PDF may go in (it throws
   * if not) and where, moves it into place and names it, all or nothing; a letter it
   * replaces loses its file once the store no longer names it.
   */
  private async place(id: string, received: Received, label: string, where: Placement) {
    const letter = {
      id: newStoreId(),
      label,
      size: received.size,
      sha256: received.sha256,
      addedAt: new Date().toISOString(),
    };
    let replaced: AccessLetter[] = [];
    try {
      const access = await this.store.update(id, async (current) => {
        const letters = where(current, letter);
        replaced = (current.letters ?? []).filter((old) => !letters.includes(old));
        await this.files.moveIn(received.temporary, current.id, letter.id);
        return { ...current, letters };
      });
      if (!access) notFound(UNKNOWN_ACCESS);
    } catch (error) {
      await this.files.remove(id, letter.id).catch(() => undefined);
      throw error;
    }
    for (const old of replaced) await this.files.remove(id, old.id);
    return letter;
  }

  private async known(id: string): Promise<Access | undefined> {
    return (await this.store.readAccesses()).find((access) => access.id === id);
  }

  /** Sections as stored: the chosen ones in the manifest's order; none given: every one now. */
  private async chosen(sections: string[] | undefined): Promise<string[]> {
    const all = await this.sections();
    if (sections === undefined) return all;
    const unknown = sections.find((section) => !all.includes(section));
    if (unknown !== undefined)
      throw new InputError(`Den Bereich „${unknown}“ gibt es nicht; es gibt: ${all.join(', ')}.`);
    return all.filter((section) => sections.includes(section));
  }
}

function notFound(message: string): never {
  throw new InputError(message, 404);
}

function checkActive(access: Access): void {
  if (accessState(access) !== 'active')
    throw new InputError(
      `Der Zugang „${access.label}“ gilt nicht mehr: eigene Dateien nur für gültige Zugänge.`,
      409,
    );
}

function checkUnique(access: Access, name: string, except?: string): void {
  if (access.letters?.some((letter) => letter.id !== except && sameLabel(letter.label, name)))
    throw new InputError(
      `„${access.label}“ hat schon eine Datei „${name}“: sie ersetzen oder einen anderen Namen wählen.`,
      409,
    );
}

function checkRoom(access: Access, name: string): void {
  checkActive(access);
  if ((access.letters?.length ?? 0) >= LETTERS_PER_ACCESS)
    throw new InputError(
      `„${access.label}“ hat schon ${LETTERS_PER_ACCESS} eigene Dateien: zuerst eine entfernen oder ersetzen.`,
      409,
    );
  checkUnique(access, name);
}
