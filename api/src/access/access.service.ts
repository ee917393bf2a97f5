// What the API knows of the accesses: the store read at start (a damaged one
// stops the start), read again whenever a command has replaced it, so a
// revocation counts from the very next request; the use of each access; the
// access log with its retention; and, at start, whether each access's own
// PDFs are there. See docs/product.md#personal-access-links.
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
import { LetterFiles } from '../letters/letter-files';
import { AccessNotifier } from './access-notifier';
import { Access, AccessUsage, accessState } from './access-record';
import { AccessStore } from './access-store';

// Retention is applied at start and then once a day.
const PRUNE_EVERY_MS = 86_400_000;

/**
 * The access a token was issued for, as the store has it now (its sections and own PDFs);
 * none for the shared login.
 */
export interface AccessHolder {
  access?: Pick<Access, 'id' | 'label' | 'sections' | 'letters'>;
}

@Injectable()
export class AccessService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Access');
  private readonly store: AccessStore;
  private readonly log: AccessLogFile;
  private readonly letters: LetterFiles;
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
  ) {
    this.store = new AccessStore(config.access.dir);
    this.log = new AccessLogFile(config.access.dir);
    this.letters = new LetterFiles(config.access.lettersDir);
  }

  async onModuleInit(): Promise<void> {
    this.fingerprint = await this.store.fingerprint();
    this.accesses = await this.store.readAccesses();
    this.usage = await this.store.readUsage();
    await this.log.prepare();
    await this.checkLetters();
    await this.prune();
    this.pruneTimer = setInterval(() => void this.serially(() => this.prune()), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
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
      this.accesses = await this.store.readAccesses();
      this.fingerprint = fingerprint;
      this.reloadFailed = false;
    } catch (error) {
      if (!this.reloadFailed)
        this.logger.error(`${(error as Error).message}; keeping the accesses read before`);
      this.reloadFailed = true;
    }
  }

  // A missing or damaged PDF is said once per access and left out of its list (as a
  // manifest's file missing on disk is); files no access names are removed.
  private async checkLetters(): Promise<void> {
    const { problems, removed, foreign } = await this.store.whileLocked((accesses) =>
      this.letters.tidy(accesses),
    );
    for (const access of new Set(problems.map((found) => found.access))) {
      const named = problems
        .filter((found) => found.access === access)
        .map(({ letter, problem }) => `${letter.label} (${problem})`);
      this.logger.error(
        `Own PDFs of access "${access.label}" not usable: ${named.join(', ')}; upload them again on the owner's page or restore them from a backup`,
      );
    }
    if (removed > 0) this.logger.warn(`Own PDFs: removed ${removed} file(s) no access names`);
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

  private async prune(): Promise<void> {
    const removed = await this.log.prune(Date.now() - this.config.access.logRetentionMs);
    if (removed > 0)
      this.logger.log(`Access log: ${removed} entries older than the retention period removed`);
  }

  private serially<T>(write: () => Promise<T>): Promise<T> {
    const next = this.writes.then(write);
    this.writes = next.catch(() => undefined);
    return next;
  }
}
