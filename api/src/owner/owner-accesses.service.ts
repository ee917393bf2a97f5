// The personal access links as the owner's page sees and changes them:
// through the same changes, store, log and figures as make access-*
// (access/access-changes.ts), so the page and the commands never disagree. A
// revocation is written to accesses.json like the command's; the applicants'
// strategy rereads it on the next request, so the access's open sessions end
// at once, and its own PDFs go with it.
import { HttpException, Inject, Injectable, Logger } from '@nestjs/common';
import { accessLink } from '../access/access-code';
import { AccessChanges, type LetterUpload } from '../access/access-changes';
import { AccessLogFile } from '../access/access-log';
import { AccessInputError, AccessLetter, DEFAULT_ACCESS_DAYS } from '../access/access-record';
import { describedEntry } from '../access/access-texts';
import { AccessFigures, accessFigures, newestFirst } from '../access/access-report';
import { AppConfig, appConfig } from '../config/app-config';
import { LetterFiles } from '../letters/letter-files';
import type { AccessView, LetterView, NewAccess } from './owner-views';

type DescribedEntry = ReturnType<typeof describedEntry>;

const letterView =
  (letters: LetterFiles) =>
  ({ id, label, size, addedAt }: AccessLetter): LetterView => ({
    id,
    name: label,
    size,
    addedAt,
    damaged: letters.isDamaged(id),
  });

function view(figures: AccessFigures, letters: LetterFiles): AccessView {
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
  };
}

const lastActivity = (access: AccessView) => Date.parse(access.lastUsedAt ?? access.createdAt);

/** The owner's refusal in the command's words, with its status (400, 404, 409, 413, 415). */
function answered<T>(change: Promise<T>): Promise<T> {
  return change.catch((error: unknown) => {
    if (error instanceof AccessInputError) throw new HttpException(error.message, error.status);
    throw error;
  });
}

@Injectable()
export class OwnerAccessesService {
  private readonly logger = new Logger('Owner');
  private readonly siteUrl: string;

  constructor(
    @Inject(appConfig.KEY) config: AppConfig,
    private readonly changes: AccessChanges,
    private readonly log: AccessLogFile,
    private readonly letters: LetterFiles,
  ) {
    this.siteUrl = config.access.siteUrl;
  }

  /** Every access with the figures of make access-list, the most recently active first. */
  async list(): Promise<AccessView[]> {
    const { store } = this.changes;
    const { entries } = await this.log.read();
    return accessFigures(await store.readAccesses(), await store.readUsage(), entries)
      .map((figures) => view(figures, this.letters))
      .sort((a, b) => lastActivity(b) - lastActivity(a));
  }

  /** The manifest's sections, which a link may be given. */
  sections(): Promise<string[]> {
    return this.changes.sections();
  }

  /** A new access, as make access-add makes it; the code is shown this once. */
  async add(name: string, days = DEFAULT_ACCESS_DAYS, sections?: string[]): Promise<NewAccess> {
    const { access, code } = await answered(this.changes.add(name, days, sections));
    this.logger.log(`Access "${access.label}" created on the owner's page`);
    return {
      id: access.id,
      name: access.label,
      link: accessLink(this.siteUrl, code),
      code,
      expiresAt: access.expiresAt,
    };
  }

  /** The sections the access sees from now on; none given: every one. */
  async setSections(id: string, sections?: string[]): Promise<void> {
    const access = await answered(this.changes.setSections(id, sections));
    this.logger.log(`Sections of access "${access.label}" changed on the owner's page`);
  }

  async addLetter(id: string, upload: LetterUpload): Promise<LetterView> {
    const letter = await answered(this.changes.addLetter(id, upload));
    this.logger.log(`Own PDF "${letter.label}" added to an access on the owner's page`);
    return letterView(this.letters)(letter);
  }

  async replaceLetter(id: string, letterId: string, upload: LetterUpload): Promise<LetterView> {
    const letter = await answered(this.changes.replaceLetter(id, letterId, upload));
    this.logger.log(`Own PDF "${letter.label}" replaced on the owner's page`);
    return letterView(this.letters)(letter);
  }

  async removeLetter(id: string, letterId: string): Promise<void> {
    await answered(this.changes.removeLetter(id, letterId));
    this.logger.log(`Own PDF of an access removed on the owner's page`);
  }

  /** The access's entries of the log, newest first, as make access-log --json prints them. */
  async logOf(id: string): Promise<DescribedEntry[]> {
    const accesses = await this.changes.store.readAccesses();
    if (!accesses.some((access) => access.id === id))
      throw new HttpException('Diesen Zugang gibt es nicht.', 404);
    const { entries } = await this.log.read();
    return newestFirst(entries, (entry) => entry.accessId === id).map(describedEntry);
  }

  /** Ends the access as make access-revoke does, its own PDFs with it; an ended one stays so. */
  async revoke(id: string): Promise<void> {
    const access = await answered(this.changes.revokeById(id));
    this.logger.log(`Access "${access.label}" revoked on the owner's page`);
  }
}
