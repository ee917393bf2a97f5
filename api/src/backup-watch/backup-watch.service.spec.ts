// The heartbeat of the backups: the API mails the owner once when the newest
// archive recorded is older than BACKUP_MAX_AGE, not again after a restart,
// and again only once a newer archive has grown too old as well.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeHeartbeat } from '../backup/backup-heartbeat';
import { parseAppConfig } from '../config/app-config';
import type { MailService } from '../mail/mail.service';
import { scratchDir } from '../../test/support/scratch';
import { BackupWatchService } from './backup-watch.service';

const DAY = 24 * 3600_000;

describe('the backups’ heartbeat', () => {
  const access = join(scratchDir('portfolio-backup-watch-'), 'access');
  mkdirSync(access);
  const config = parseAppConfig({ ACCESS_DIR: access, BACKUP_MAX_AGE: '2d' });
  const mails: Array<{ subject: string; text: string }> = [];
  const mail = {
    notifyOwner: async (subject: string, text: string) => void mails.push({ subject, text }),
  } as unknown as MailService;
  const watch = () => new BackupWatchService(config, mail);
  const made = Date.parse('2026-11-20T02:15:00Z');

  it('says nothing while there is no heartbeat, or a recent one', async () => {
    expect(await watch().check(made)).toBe(false);
    await writeHeartbeat(access, {
      archive: 'portfolio-backup-2026-11-20T021500Z.tar.gz.age',
      at: new Date(made).toISOString(),
    });
    expect(await watch().check(made + 2 * DAY)).toBe(false);
    expect(mails).toEqual([]);
  });

  it('mails once when the newest archive is older than BACKUP_MAX_AGE, also across a restart', async () => {
    expect(await watch().check(made + 2 * DAY + 60_000)).toBe(true);
    expect(await watch().check(made + 3 * DAY)).toBe(false);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Keine neue Sicherung');
    expect(mails[0].text).toMatch(
      /^Die neueste Sicherung ist vom 20\.11\.2026, 03:15 \(portfolio-backup-2026-11-20T021500Z\.tar\.gz\.age\): älter als\nBACKUP_MAX_AGE \(2 Tage\)\./,
    );
    expect(mails[0].text).toMatch(/crontab -l/);
  });

  it('watches anew from the next archive', async () => {
    const next = made + 4 * DAY;
    await writeHeartbeat(access, {
      archive: 'portfolio-backup-2026-11-24T021500Z.tar.gz.age',
      at: new Date(next).toISOString(),
    });
    expect(await watch().check(next + DAY)).toBe(false);
    expect(await watch().check(next + 3 * DAY)).toBe(true);
    expect(mails).toHaveLength(2);
  });
});
