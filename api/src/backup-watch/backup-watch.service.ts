// The API's side of the heartbeat (backup/backup-heartbeat.ts): at start and
// every hour it looks at the newest archive the backups recorded, and mails
// the owner once when it is older than BACKUP_MAX_AGE. Once per archive: the
// archive it mailed about is kept beside the heartbeat, so a restart does not
// mail again, and the next backup's archive starts the watch anew. A site
// whose backups never ran has no heartbeat, and hears nothing.
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { localTime } from '../common/swiss-time';
import { readHeartbeat } from '../backup/backup-heartbeat';
import { replaceFileDurably } from '../files/durable-file';
import { AppConfig, appConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';

const HOUR = 3600_000;
/** The archive the owner was last told of, beside the heartbeat. */
const TOLD = 'backup-heartbeat-told.txt';

@Injectable()
export class BackupWatchService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('BackupWatch');
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  onModuleInit(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), HOUR);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Mails the owner when the newest archive is too old and they have not been told of it. */
  async check(now = Date.now()): Promise<boolean> {
    const dir = this.config.access.dir;
    const heartbeat = await readHeartbeat(dir);
    const { maxAgeMs } = this.config.backup;
    if (!heartbeat || now - Date.parse(heartbeat.at) <= maxAgeMs) return false;
    const told = join(dir, TOLD);
    if ((await readFile(told, 'utf8').catch(() => '')).trim() === heartbeat.archive) return false;
    await this.mail.notifyOwner('Keine neue Sicherung', this.text(heartbeat.archive, heartbeat.at));
    await replaceFileDurably(told, `${heartbeat.archive}\n`).catch((error: Error) =>
      this.logger.error(`${TOLD} not written: ${error.message}`),
    );
    return true;
  }

  private text(archive: string, at: string): string {
    const days = Math.round((this.config.backup.maxAgeMs / (24 * HOUR)) * 10) / 10;
    return [
      `Die neueste Sicherung ist vom ${localTime(at)} (${archive}): älter als`,
      `BACKUP_MAX_AGE (${days} Tage). Die nächtliche Sicherung läuft nicht mehr.`,
      '',
      'Was zu tun ist: auf dem Server crontab -l (fehlt die Zeile mit make backup, sie wieder',
      'eintragen), dann make backup und sehen, dass es ohne Fehler endet (docs/backup.md).',
      'Diese Mail kommt einmal; wieder erst, wenn auch die nächste Sicherung ausbleibt.',
    ].join('\n');
  }
}
