// A restore that brings back a passkey removed since the backup (a stolen
// phone's) says so, one line each, with the command that removes it again.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

// A restored .env never chooses on its own which images and compose files start.
it('keeps this .env’s images, tag and compose files in the restored .env, and says so', async () => {
  const work = scratchDir('portfolio-running-spec-');
  const project = join(work, 'project');
  const envFile = join(project, '.env');
  const args = ['--project', project];
  const env = { BACKUP_DIR: join(work, 'backups') };
  mkdirSync(project);
  const archived =
    'JWT_SECRET=aus-dem-archiv-aus-dem-archiv-0815\nPORTFOLIO_IMAGES=ghcr.io/fremd/portfolio\n' +
    'PORTFOLIO_TAG=v1\nCOMPOSE_FILE=docker-compose.yml:docker-compose.tls.yml\n';
  writeFileSync(envFile, archived, { mode: 0o640 });
  await runBackupCommand(['create', ...args], env, () => undefined);
  const here =
    'JWT_SECRET=jetzt-jetzt-jetzt-jetzt-jetzt-jetzt-0815\nPORTFOLIO_IMAGES=ghcr.io/anna/portfolio\nPORTFOLIO_TAG=v2\n';
  writeFileSync(envFile, here);
  const [archive] = readdirSync(env.BACKUP_DIR).filter((name) => name.endsWith('.tar.gz'));
  const lines: string[] = [];
  const restore = ['restore', join(env.BACKUP_DIR, archive), '--skip-origin-check', ...args];
  await runBackupCommand(restore, env, (line) => lines.push(line));
  expect(readFileSync(envFile, 'utf8')).toBe(
    'JWT_SECRET=aus-dem-archiv-aus-dem-archiv-0815\n' +
      'PORTFOLIO_IMAGES=ghcr.io/anna/portfolio\nPORTFOLIO_TAG=v2\n',
  );
  expect(statSync(envFile).mode & 0o777).toBe(0o640);
  expect(lines.at(-1)).toBe(
    'Aus der bisherigen .env behalten: COMPOSE_FILE=„“ (im Archiv ' +
      '„docker-compose.yml:docker-compose.tls.yml“), PORTFOLIO_IMAGES=„ghcr.io/anna/portfolio“ ' +
      '(im Archiv „ghcr.io/fremd/portfolio“), PORTFOLIO_TAG=„v2“ (im Archiv „v1“); was startet, ' +
      'wählst du dort (docs/backup.md#wiederherstellen).',
  );
});
