// A restore that brings back a passkey removed since the backup (a stolen
// phone's) says so, one line each, with the command that removes it again.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../../test/support/scratch';
import { runBackupCommand } from '../backup.cli';

const passkey = (id: string, label: string) => ({
  id,
  publicKey: 'pQECAyYgASFYIA',
  counter: 0,
  transports: ['internal'],
  label,
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: null,
});

it('names each passkey the restore brings back that the store no longer held', async () => {
  const work = scratchDir('portfolio-passkeys-spec-');
  const access = join(work, 'access');
  const file = join(access, 'owner-passkeys.json');
  const args = ['--store', `access=${access}`, '--project', join(work, 'project')];
  const env = { BACKUP_DIR: join(work, 'backups') };
  const write = (...passkeys: object[]) =>
    writeFileSync(file, JSON.stringify({ version: 1, passkeys }));
  mkdirSync(access);
  write(passkey('-Yk3pQ9rT2mV', 'iPhone (Safari)'), passkey('aB4x', 'Laptop (Firefox)'));
  await runBackupCommand(['create', ...args], env, () => undefined);
  write(passkey('aB4x', 'Laptop (Firefox)'));
  const [archive] = readdirSync(env.BACKUP_DIR).filter((name) => name.endsWith('.tar.gz'));
  const lines: string[] = [];
  const restore = ['restore', join(env.BACKUP_DIR, archive), '--skip-origin-check', ...args];
  await runBackupCommand(restore, env, (line) => lines.push(line));
  expect(lines.slice(-1)).toEqual([
    'Passkey „iPhone (Safari)“ vom 2026-11-20T08:00:00.000Z ist wieder gültig (vor der ' +
      'Wiederherstellung nicht da); gehört er zu einem verlorenen Gerät: ' +
      'make owner-passkeys REMOVE=-Yk3pQ9rT2mV',
  ]);
});
