// Without a signing key the index proves nothing by itself: once this project
// has written one, only that very index counts (archive-index.ts).
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../../../test/support/scratch';
import { runBackupCommand } from '../backup.cli';
import { INDEX_NAME } from './archive-index';

it('never counts an unsigned index planted after this project wrote its own', async () => {
  const work = scratchDir('portfolio-index-unsigned-spec-');
  const project = join(work, 'project');
  const backups = join(work, 'backups');
  const args = ['--store', `access=${join(work, 'access')}`, '--project', project];
  const ours = () => readdirSync(backups).filter((name) => name.startsWith('portfolio-backup-2'));
  const create = async (keep: string) => {
    const lines: string[] = [];
    await runBackupCommand(['create', ...args], { BACKUP_DIR: backups, BACKUP_KEEP: keep }, (l) =>
      lines.push(l),
    );
    return lines;
  };
  mkdirSync(join(work, 'access'));
  await create('7');
  const genuine = ours();
  // Someone who can write BACKUP_DIR: a file dated 2099 and an unsigned index naming only it.
  const planted = 'portfolio-backup-2099-01-01T000000Z.tar.gz';
  writeFileSync(join(backups, planted), 'fake!');
  const forged = { format: 'portfolio-backup-index', sequence: 999, archives: [planted] };
  writeFileSync(join(backups, INDEX_NAME), JSON.stringify(forged));

  const lines = await create('1');
  expect(lines[0]).toMatch(/nicht das, das make backup zuletzt schrieb: nur das neue Archiv zählt/);
  for (const name of [...genuine, planted]) expect(ours()).toContain(name);
});
