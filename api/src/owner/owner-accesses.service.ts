// The personal access links as the owner's page sees and changes them:
// through the same store, log and figures as make access-* (access/), so the
// page and the commands never disagree. A revocation is written to
// accesses.json like the command's; the applicants' strategy rereads it on
// the next request, so the access's open sessions end at once.
import { BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { accessLink } from '../access/access-code';
import { AccessLogFile } from '../access/access-log';
import { describedEntry } from '../access/access-texts';
import { AccessFigures, accessFigures, newestFirst } from '../access/access-report';
import {
  AccessInputError,
  AccessState,
  AccessStore,
  DEFAULT_ACCESS_DAYS,
} from '../access/access-store';
import { AppConfig, appConfig } from '../config/app-config';

type DescribedEntry = ReturnType<typeof describedEntry>;

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
}

export interface NewAccess {
  id: string;
  name: string;
  link: string;
  code: string;
  expiresAt: string;
}

function view(figures: AccessFigures): AccessView {
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
  };
}

const lastActivity = (access: AccessView) => Date.parse(access.lastUsedAt ?? access.createdAt);

@Injectable()
export class OwnerAccessesService {
  private readonly logger = new Logger('Owner');
  private readonly store: AccessStore;
  private readonly log: AccessLogFile;
  private readonly siteUrl: string;

  constructor(@Inject(appConfig.KEY) config: AppConfig) {
    this.store = new AccessStore(config.access.dir);
    this.log = new AccessLogFile(config.access.dir);
    this.siteUrl = config.access.siteUrl;
  }

  /** Every access with the figures of make access-list, the most recently active first. */
  async list(): Promise<AccessView[]> {
    const accesses = await this.store.readAccesses();
    const usage = await this.store.readUsage();
    const { entries } = await this.log.read();
    return accessFigures(accesses, usage, entries)
      .map(view)
      .sort((a, b) => lastActivity(b) - lastActivity(a));
  }

  /** A new access, as make access-add makes it; the code is shown this once. */
  async add(name: string, days = DEFAULT_ACCESS_DAYS): Promise<NewAccess> {
    const { access, code } = await this.store.add(name, days).catch((error: unknown) => {
      if (error instanceof AccessInputError) throw new BadRequestException(error.message);
      throw error;
    });
    this.logger.log(`Access "${access.label}" created on the owner's page`);
    return {
      id: access.id,
      name: access.label,
      link: accessLink(this.siteUrl, code),
      code,
      expiresAt: access.expiresAt,
    };
  }

  /** The access's entries of the log, newest first, as make access-log --json prints them. */
  async logOf(id: string): Promise<DescribedEntry[]> {
    await this.known(id);
    const { entries } = await this.log.read();
    return newestFirst(entries, (entry) => entry.accessId === id).map(describedEntry);
  }

  /** Ends the access as make access-revoke does; an ended one stays as it is. */
  async revoke(id: string): Promise<void> {
    const access = await this.store.revokeById(id);
    if (!access) throw new NotFoundException('Diesen Zugang gibt es nicht.');
    this.logger.log(`Access "${access.label}" revoked on the owner's page`);
  }

  private async known(id: string): Promise<void> {
    const accesses = await this.store.readAccesses();
    if (!accesses.some((access) => access.id === id))
      throw new NotFoundException('Diesen Zugang gibt es nicht.');
  }
}
