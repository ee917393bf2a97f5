// What the API knows of the accesses: the store read at start (a damaged one
// stops the start), read again whenever a command has replaced it, so a
// revocation counts from the very next request; the use of each access; the
// access log with its retention; and, at start and daily, whether each
// access's own PDFs are whole, and the PDFs of links expired longer than
// ACCESS_LETTER_GRACE removed. See docs/product.md#personal-access-links.
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { AppConfig, appConfig } from '../config/app-config';
import { hashAccessCode, normaliseAccessCode } from './access-code';
import {
  AccessAction,
  AccessLogEntry,
  AccessLogFile,
  AccessOutcome,
  SHARED_LOGIN,
} from './access-log';
import { LetterFiles, type LetterCheck } from '../letters/letter-files';
import { AccessChanges } from './access-changes';
import { AccessNotifier } from './access-notifier';
import { Access, AccessUsage, accessState } from './access-record';
import { AccessStore } from './access-store';

// Retention and the letters' check run at start and then once a day.
const PRUNE_EVERY_MS = 86_400_000;

/**
 * The access a token was issued for, as the store has it now (its sections and own PDFs);
 * none for the shared login.
 */
export interface AccessHolder {
  access?: Pick<Access, 'id' | 'label' | 'createdAt' | 'sections' | 'letters' | 'stamp'>;
}

@Injectable()
export class AccessService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Access');
  private accesses: Access[] = [];
  private usage: Record<string, AccessUsage> = {};
  private fingerprint = '';
  private reloadFailed = false;
  // Appends, usage writes and pruning run one after another: the API is the only writer.
  private writes: Promise<unknown> = Promise.resolve();
  private pruneTimer?: NodeJS.Timeout;

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly notifier: AccessNotifier,
    private readonly store: AccessStore,
    private readonly log: AccessLogFile,
    private readonly letters: LetterFiles,
    private readonly changes: AccessChanges,
  ) {}

  async onModuleInit(): Promise<void> {
    for (const access of await this.changes.nameAllSections())
      this.logger.log(`Access "${access.label}" sees the sections there are now, by name`);
    this.fingerprint = await this.store.fingerprint();
    this.accesses = await this.store.readAccesses();
    this.usage = await this.store.readUsage();
    await this.log.prepare();
    await this.sweep(true);
    this.pruneTimer = setInterval(() => void this.sweep(false), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  /** The daily work: expired links' PDFs, the letters' check, the log's retention. */
  private async sweep(atStart: boolean): Promise<void> {
    try {
      await this.dropExpiredLetters();
      await this.checkLetters(atStart);
      await this.reload();
      await this.serially(() => this.prune());
    } catch (error) {
      if (atStart) throw error;
      this.logger.error(`Daily sweep failed: ${(error as Error).message}`);
    }
  }

  private async dropExpiredLetters(): Promise<void> {
    const dropped = await this.changes.dropExpiredLetters(this.config.access.letterGraceMs);
    for (const access of dropped)
      this.logger.log(`Own PDFs of access "${access.label}" removed: expired ${access.expiresAt}`);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.pruneTimer);
    await this.writes;
  }

  /** The access a code opens, recorded as used; undefined for a wrong, expired or revoked code. */
  async redeem(typedCode: string): Promise<Access | undefined> {
    const code = normaliseAccessCode(typedCode);
    if (!code) return undefined;
    await this.reload();
    const hash = hashAccessCode(code);
    const access = this.accesses.find((candidate) => candidate.codeHash === hash);
    if (!access || accessState(access) !== 'active') return undefined;
    const now = new Date().toISOString();
    const previous = this.usage[access.id];
    this.usage[access.id] = {
      firstUsedAt: previous?.firstUsedAt ?? now,
      lastUsedAt: now,
      opened: (previous?.opened ?? 0) + 1,
    };
    const usage = { ...this.usage };
    await this.serially(() => this.store.writeUsage(usage));
    const entry = await this.append(access.id, access.label, 'link', undefined, 'completed');
    if (previous) this.notifier.activity(access.id, access.label, entry);
    else this.notifier.firstUse(access.id, access.label, entry);
    return access;
  }

  /** The access of a token if it may still be used: not revoked, not expired. */
  async activeAccess(id: string): Promise<Access | undefined> {
    await this.reload();
    const access = this.accesses.find((candidate) => candidate.id === id);
    return access && accessState(access) === 'active' ? access : undefined;
  }

  /** Writes one line of the access log; a failure is logged, never shown to the visitor. */
  async record(
    holder: AccessHolder,
    action: AccessAction,
    file: string | undefined,
    outcome: AccessOutcome,
  ): Promise<void> {
    const { access } = holder;
    const entry = await this.append(
      access?.id ?? null,
      access?.label ?? SHARED_LOGIN,
      action,
      file,
      outcome,
    );
    if (access) this.notifier.activity(access.id, access.label, entry);
  }

  private async append(
    accessId: string | null,
    label: string,
    action: AccessAction,
    file: string | undefined,
    outcome: AccessOutcome,
  ): Promise<AccessLogEntry> {
    const entry: AccessLogEntry = {
      at: new Date().toISOString(),
      accessId,
      access: label,
      action,
      outcome,
    };
    if (file !== undefined) entry.file = file;
    await this.serially(() => this.log.append(entry)).catch((error: Error) =>
      this.logger.error(`Access log not written: ${error.message}`),
    );
    return entry;
  }

  // A store a command has replaced is read again; one that fails to read keeps the last good
  // state and says so once, rather than letting every access in or none.
  private async reload(): Promise<void> {
    const fingerprint = await this.store.fingerprint();
    if (fingerprint === this.fingerprint) return;
    try {
      const before = this.accesses;
      this.accesses = await this.store.readAccesses();
      this.fingerprint = fingerprint;
      this.reloadFailed = false;
      // A link removed from the store takes its log entries and use along at once.
      const ids = new Set(this.accesses.map((access) => access.id));
      if (before.some((access) => !ids.has(access.id))) void this.serially(() => this.prune());
    } catch (error) {
      if (!this.reloadFailed)
        this.logger.error(`${(error as Error).message}; keeping the accesses read before`);
      this.reloadFailed = true;
    }
  }

  // A missing or damaged PDF is said once per access and left out of its list (as a
  // manifest's file missing on disk is); files no access names are removed when the store
  // proves it (letter-files.ts).
  private async checkLetters(atStart: boolean): Promise<void> {
    const stored = await this.store.exists();
    const check = await this.store.whileLocked((accesses) =>
      this.letters.tidy(accesses, stored, atStart),
    );
    this.reportLetters(check);
  }

  private reportLetters({ problems, removed, foreign, unproven }: LetterCheck): void {
    for (const access of new Set(problems.map((found) => found.access))) {
      const named = problems
        .filter((found) => found.access === access)
        .map(({ letter, problem }) => `${letter.label} (${problem})`);
      this.logger.error(
        `Own PDFs of access "${access.label}" not usable: ${named.join(', ')}; upload them again on the owner's page or restore them from a backup`,
      );
    }
    if (removed > 0) this.logger.warn(`Own PDFs: removed ${removed} file(s) no access names`);
    if (unproven > 0)
      this.logger.error(
        `Own PDFs: nothing removed: ACCESS_DIR (${this.config.access.dir}) holds no access beside ${unproven} letter folder(s) in LETTERS_DIR; is ACCESS_DIR the right folder?`,
      );
    if (foreign.length > 0)
      this.logger.warn(
        `Own PDFs: LETTERS_DIR holds ${foreign.length} entries the site never makes (${foreign
          .slice(0, 3)
          .map((name) => JSON.stringify(name))
          .join(
            ', ',
          )}${foreign.length > 3 ? ', …' : ''}), left alone; is LETTERS_DIR the right folder?`,
      );
  }

  /**
   * The log's entries older than the retention, and the entries and use of links removed
   * from the store (make access-remove): only when the store is there to say which exist.
   */
  private async prune(): Promise<void> {
    const known = (await this.store.exists())
      ? new Set(this.accesses.map((access) => access.id))
      : undefined;
    const removed = await this.log.prune(Date.now() - this.config.access.logRetentionMs, known);
    if (removed > 0)
      this.logger.log(`Access log: ${removed} entries past retention or of removed links removed`);
    const gone = Object.keys(this.usage).filter((id) => known && !known.has(id));
    if (gone.length === 0) return;
    for (const id of gone) delete this.usage[id];
    await this.store.writeUsage({ ...this.usage });
  }

  private serially<T>(write: () => Promise<T>): Promise<T> {
    const next = this.writes.then(write);
    this.writes = next.catch(() => undefined);
    return next;
  }
}
