// Under Docker the documents come back into the folder mounted at /documents:
// only when that mount comes from the DOCUMENTS_DIR the archive's .env names.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../../test/support/scratch';
import { runBackupCommand } from '../backup.cli';

describe('documents restored into a mounted folder', () => {
  const work = scratchDir('portfolio-folders-spec-');
  const project = join(work, 'project');
  const mounted = join(work, 'mounted');
  const env = { BACKUP_DIR: join(work, 'backups') };
  let archive = '';

  beforeAll(async () => {
    mkdirSync(project);
    mkdirSync(mounted);
    writeFileSync(join(project, '.env'), 'DOCUMENTS_DIR=/home/pi/bewerbung\n');
    writeFileSync(join(mounted, 'zeugnis.pdf'), 'zeugnis');
    const args = ['--project', project, '--documents', mounted];
    const mount = { ...env, MOUNTED_DOCUMENTS_DIR: '/home/pi/bewerbung' };
    await runBackupCommand(['create', ...args], mount, () => undefined);
    [archive] = readdirSync(env.BACKUP_DIR).filter((name) => name.endsWith('.tar.gz'));
    writeFileSync(join(mounted, 'zeugnis.pdf'), 'later');
  });

  const restore = (mountedFrom: string, lines: string[] = []) =>
    runBackupCommand(
      [
        'restore',
        join(env.BACKUP_DIR, archive),
        '--skip-origin-check',
        '--project',
        project,
        '--documents',
        mounted,
      ],
      { ...env, MOUNTED_DOCUMENTS_DIR: mountedFrom },
      (line) => lines.push(line),
    );

  it('refuses a mount of another folder than the archive names, and changes nothing', async () => {
    await expect(restore('./documents/samples')).rejects.toThrow(
      'DOCUMENTS_DIR: eingehängt ist „./documents/samples“, gemeint ist „/home/pi/bewerbung“; ' +
        'nichts verändert',
    );
    expect(readFileSync(join(mounted, 'zeugnis.pdf'), 'utf8')).toBe('later');
  });

  it('restores into the mount of the folder the archive names, and forgets the record', async () => {
    await restore('/home/pi/bewerbung');
    expect(readFileSync(join(mounted, 'zeugnis.pdf'), 'utf8')).toBe('zeugnis');
    expect(existsSync(join(project, '.portfolio-backup.state', 'restore-folders.env'))).toBe(false);
  });

  it("follows the mounted settings, never the image's own DOCUMENTS_DIR", async () => {
    // A site without DOCUMENTS_DIR: Compose mounts the samples, the image says /app/documents.
    const plain = join(work, 'plain');
    mkdirSync(plain);
    writeFileSync(join(plain, '.env'), '');
    const image = { BACKUP_DIR: join(work, 'plain-backups'), DOCUMENTS_DIR: '/app/documents' };
    const lines: string[] = [];
    const args = ['--project', plain, '--documents', mounted];
    await runBackupCommand(['create', ...args], image, (line) => lines.push(line));
    expect(lines[0]).toMatch(/: env 1 Datei\(en\)/);
    const [made] = readdirSync(image.BACKUP_DIR).filter((name) => name.endsWith('.tar.gz'));
    const restore = ['restore', join(image.BACKUP_DIR, made), '--skip-origin-check', ...args];
    await runBackupCommand(restore, image, (line) => lines.push(line));
    expect(lines.at(-1)).toMatch(/^Wiederhergestellt aus .*: env 1 Datei\(en\)$/);
  });

  it('records for make restore what the archive names, as a shell reads it', async () => {
    const verify = ['verify', '--json', join(env.BACKUP_DIR, archive), '--skip-origin-check'];
    await runBackupCommand([...verify, '--project', project], env, () => undefined);
    expect(
      readFileSync(join(project, '.portfolio-backup.state', 'restore-folders.env'), 'utf8'),
    ).toBe("DOCUMENTS_DIR='/home/pi/bewerbung'\nTLS_DIR=''\n");
  });
});
