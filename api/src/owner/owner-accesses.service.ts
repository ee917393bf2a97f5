// The personal access links as the owner's page sees and changes them:
// through the same changes, store, log and figures as make access-*
// (access/access-changes.ts), so the page and the commands never disagree. A
// revocation is written to accesses.json like the command's; the applicants'
// strategy rereads it on the next request, so the access's open sessions end
// at once, and its own PDFs go with it. What shows a company more (a new
// link, wider sections, a PDF added or replaced, the stamp switched off) needs the owner's fresh
// passkey confirmation of exactly that change (owner-changes.service.ts);
// a new link's confirmation also lets in the first PDF it names (its bytes,
// by SHA-256, not only its name and size), so the phone asks once.
// Narrowing, removing and revoking need none.
import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { accessLink } from '../access/access-code';
import { AccessChanges, type LetterUpload } from '../access/access-changes';
import { AccessLogFile } from '../access/access-log';
import { Access, DEFAULT_ACCESS_DAYS } from '../access/access-record';
import { InputError } from '../common/typed-input';
import type { AccessLetter } from '../letters/letter-record';
import { describedEntry } from '../access/access-texts';
import { AccessFigures, accessFigures, newestFirst } from '../access/access-report';
import { AppConfig, appConfig } from '../config/app-config';
import { DocumentsService } from '../documents/documents.service';
import type { UnstampedFile } from '../documents/documents.types';
import { LetterFiles } from '../letters/letter-files';
import { stampLine } from '../stamp/stamp-line';
import type { AccessView, LetterView, LogEntryView, NewAccess } from './owner-views';
import {
  createTarget,
  letterTarget,
  sectionsTarget,
  stampOffTarget,
  type FirstLetterSpec,
  type LetterSpec,
} from './change-targets';
import { OwnerChangesService } from './owner-changes.service';
import type { ConfirmedDto, NewAccessDto, SectionsDto, StampDto } from './owner.dto';
import type { OwnerClaims } from './owner-token';

type Confirmation = ConfirmedDto['confirmation'];

/** How long a new link's confirmation lets its first PDF in. */
const FIRST_LETTER_MS = 10 * 60_000;

/** An upload as a confirmation names it: its name and the length its sender declared. */
const specOf = (upload: LetterUpload): LetterSpec => ({
  name: upload.label,
  size: upload.declaredBytes ?? -1,
});

const letterView =
  (letters: LetterFiles) =>
  ({ id, label, size, addedAt }: AccessLetter): LetterView => ({
    id,
    name: label,
    size,
    addedAt,
    damaged: letters.isDamaged(id),
  });

function view(
  figures: AccessFigures,
  letters: LetterFiles,
  unstamped: UnstampedFile[],
): AccessView {
  const { access } = figures;
  return {
    id: access.id,
    name: access.label,
    createdAt: access.createdAt,
    expiresAt: access.expiresAt,
    state: figures.state,
    firstUsedAt: figures.firstUsedAt,
    lastUsedAt: figures.lastUsedAt,
    uses: figures.opened,
    downloads: figures.files,
    sections: access.sections ?? null,
    letters: (access.letters ?? []).map(letterView(letters)),
    stamp: access.stamp !== false,
    stampLine: stampLine(access.label, access.createdAt),
    unstamped,
  };
}

const lastActivity = (access: AccessView) => Date.parse(access.lastUsedAt ?? access.createdAt);

/** The owner's refusal in the command's words, with its status (400, 404, 409, 413, 415). */
function answered<T>(change: Promise<T>): Promise<T> {
  return change.catch((error: unknown) => {
    if (error instanceof InputError) throw new HttpException(error.message, error.status);
    throw error;
  });
}

@Injectable()
export class OwnerAccessesService {
  private readonly logger = new Logger('Owner');
  private readonly siteUrl: string;

  /** First PDFs a new link's confirmation let in, by the link's id; taken once. */
  private readonly firstLetters = new Map<string, { letter: FirstLetterSpec; until: number }>();

  constructor(
    @Inject(appConfig.KEY) config: AppConfig,
    private readonly changes: AccessChanges,
    private readonly log: AccessLogFile,
    private readonly letters: LetterFiles,
    private readonly confirmations: OwnerChangesService,
    private readonly documents: DocumentsService,
  ) {
    this.siteUrl = config.access.siteUrl;
  }

  /** Every access with the figures of make access-list, the most recently active first. */
  async list(): Promise<AccessView[]> {
    const { store } = this.changes;
    const { entries } = await this.log.read();
    const figures = accessFigures(await store.readAccesses(), await store.readUsage(), entries);
    // An ended link gets nothing: nothing of it goes out unstamped.
    const unstamped = await Promise.all(
      figures.map(({ access, state }) =>
        state === 'active' ? this.documents.unstamped({ access }) : [],
      ),
    );
    return figures
      .map((each, index) => view(each, this.letters, unstamped[index]))
      .sort((a, b) => lastActivity(b) - lastActivity(a));
  }

  /** The manifest's sections, which a link may be given. */
  sections(): Promise<string[]> {
    return this.changes.sections();
  }

  /** A new access, as make access-add makes it; the code is shown this once. */
  async add(owner: OwnerClaims, body: NewAccessDto): Promise<NewAccess> {
    const { name, days, sections, letter, confirmation } = body;
    const first = letter && { name: letter.name, size: letter.size, sha256: letter.sha256 };
    const target = createTarget(name, days, sections, first);
    await this.confirmations.confirmed(owner, 'create-access', target, confirmation);
    const made = this.changes.add(name ?? '', days ?? DEFAULT_ACCESS_DAYS, sections);
    const { access, code } = await answered(made);
    if (first)
      this.firstLetters.set(access.id, { letter: first, until: Date.now() + FIRST_LETTER_MS });
    this.logger.log(`Access "${access.label}" created on the owner's page`);
    return {
      id: access.id,
      name: access.label,
      link: accessLink(this.siteUrl, code),
      code,
      expiresAt: access.expiresAt,
    };
  }

  /** The sections the access sees from now on; none given: every one. Wider: confirmed. */
  async setSections(owner: OwnerClaims, id: string, body: SectionsDto): Promise<void> {
    const { sections, confirmation } = body;
    const before = (await this.known(id)).sections ?? [];
    const after = sections ?? (await this.changes.sections());
    if (after.some((section) => !before.includes(section)))
      await this.confirmations.confirmed(
        owner,
        'widen-sections',
        sectionsTarget(id, sections),
        confirmation,
      );
    const access = await answered(this.changes.setSections(id, sections));
    this.logger.log(`Sections of access "${access.label}" changed on the owner's page`);
  }

  /** The stamp on the link's PDFs on or off; off shows the company more: confirmed. */
  async setStamp(owner: OwnerClaims, id: string, { on, confirmation }: StampDto): Promise<void> {
    await this.known(id);
    if (!on)
      await this.confirmations.confirmed(owner, 'stamp-off', stampOffTarget(id), confirmation);
    const access = await answered(this.changes.setStamp(id, on));
    this.logger.log(
      `Stamp of access "${access.label}" switched ${on ? 'on' : 'off'} on the owner's page`,
    );
  }

  /** A PDF added: the first one a new link's confirmation named, or one confirmed now. */
  async addLetter(
    owner: OwnerClaims,
    id: string,
    upload: LetterUpload,
    confirmation?: Confirmation,
  ): Promise<LetterView> {
    const spec = specOf(upload);
    const granted = this.takeFirstLetter(id, spec);
    if (!granted)
      await this.confirmations.confirmed(owner, 'add-letter', letterTarget(id, spec), confirmation);
    // The new link's tap named these bytes: a file of the same name and size is not them.
    const bound = granted ? { ...upload, sha256: granted.sha256 } : upload;
    const letter = await answered(this.changes.addLetter(id, bound));
    this.logger.log(`Own PDF "${letter.label}" added to an access on the owner's page`);
    return letterView(this.letters)(letter);
  }

  async replaceLetter(
    owner: OwnerClaims,
    id: string,
    letterId: string,
    upload: LetterUpload,
    confirmation?: Confirmation,
  ): Promise<LetterView> {
    const target = letterTarget(id, specOf(upload), letterId);
    await this.confirmations.confirmed(owner, 'replace-letter', target, confirmation);
    const letter = await answered(this.changes.replaceLetter(id, letterId, upload));
    this.logger.log(`Own PDF "${letter.label}" replaced on the owner's page`);
    return letterView(this.letters)(letter);
  }

  async removeLetter(id: string, letterId: string): Promise<void> {
    await answered(this.changes.removeLetter(id, letterId));
    this.logger.log(`Own PDF of an access removed on the owner's page`);
  }

  /** The access's entries of the log, newest first, as make access-log --json prints them. */
  async logOf(id: string): Promise<LogEntryView[]> {
    await this.known(id);
    const { entries } = await this.log.read();
    return newestFirst(entries, (entry) => entry.accessId === id).map(describedEntry);
  }

  /** The first PDF a new link's tap let in, when this upload is named as it; taken once. */
  private takeFirstLetter(id: string, { name, size }: LetterSpec): FirstLetterSpec | undefined {
    const granted = this.firstLetters.get(id);
    this.firstLetters.delete(id);
    const fits =
      granted !== undefined &&
      granted.until > Date.now() &&
      granted.letter.name === name &&
      granted.letter.size === size;
    return fits ? granted.letter : undefined;
  }

  private async known(id: string): Promise<Access> {
    const access = (await this.changes.store.readAccesses()).find((one) => one.id === id);
    if (!access) throw new HttpException('Diesen Zugang gibt es nicht.', 404);
    return access;
  }

  /** Ends the access as make access-revoke does, its own PDFs with it; an ended one stays so. */
  async revoke(id: string): Promise<void> {
    const access = await answered(this.changes.revokeById(id));
    this.logger.log(`Access "${access.label}" revoked on the owner's page`);
  }
}
