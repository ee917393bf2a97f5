// Mails the owner the changes to what companies see (access-change-notes.ts):
// a minute after the first, all that came meanwhile in one mail, whether the
// owner's page or make access-* made them. Always on: a change the owner did
// not make (a copied token, a stranger at the shell) must not go unnoticed.
import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { MailService } from '../mail/mail.service';
import { AccessChangeNotes, type AccessChangeNote } from './access-change-notes';
import { localTime } from '../common/swiss-time';

/** Changes this close together go in one mail. */
export const GATHER_MS = 60_000;
const LOOK_EVERY_MS = 15_000;

const VIA = { page: 'Verwaltungsseite', command: 'Befehlszeile' } as const;

const NOT_YOU = [
  'Waren das nicht Sie? make access-list zeigt alle Zugänge; make access-revoke NAME="…"',
  'beendet einen sofort, make owner-passkeys zeigt die Passkeys der Verwaltungsseite.',
];

@Injectable()
export class AccessChangeMailer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Access');
  private timer?: NodeJS.Timeout;
  private looking: Promise<void> = Promise.resolve();

  constructor(
    private readonly notes: AccessChangeNotes,
    private readonly mail: MailService,
  ) {}

  // Once the whole app has started: a start that fails leaves no timer behind.
  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.look(GATHER_MS), LOOK_EVERY_MS);
    this.timer.unref();
    this.look(GATHER_MS);
  }

  /** A stop sends what was gathered rather than leaving it to the next start's minute. */
  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    this.look(0);
    await this.looking;
  }

  private look(afterMs: number): void {
    this.looking = this.looking
      .then(async () => this.send(await this.notes.takeDue(afterMs)))
      .catch((error: Error) => this.logger.error(`Access changes not mailed: ${error.message}`));
  }

  private async send(notes: AccessChangeNote[]): Promise<void> {
    if (notes.length === 0) return;
    const subject =
      notes.length === 1 ? notes[0].text : `${notes.length} Änderungen an den Zugängen`;
    const lines = notes.map(({ at, via, text }) => `- ${localTime(at)} (${VIA[via]}): ${text}`);
    await this.mail.notifyOwner(subject, [...lines, '', ...NOT_YOU, ''].join('\n'));
  }
}
