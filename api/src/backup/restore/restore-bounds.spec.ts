// What a restore may write is known before it writes: an archive whose
// contents do not fit beside the stores it replaces is refused in one line,
// before a byte is staged.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canMount, mountSmallDisk } from '../../../test/support/small-disk';
import { scratchDir } from '../../../test/support/scratch';
import { createArchive } from '../archive/archive-writer';
import { describeBackupError, runBackupCommand } from '../backup.cli';

const asRoot = canMount ? it : it.skip;

describe('a restore too big for the disk', () => {
  asRoot('is refused before anything is written (needs root to mount a tmpfs)', async () => {
    const work = scratchDir('portfolio-restore-bounds-');
    const source = join(work, 'source');
    mkdirSync(source);
    // 16 MB of zeros: a few kB in the archive, too much for the 4 MB disk.
    writeFileSync(join(source, 'zeros.bin'), Buffer.alloc(16 << 20));
    const { path } = await createArchive({
      stores: [{ name: 'access', kind: 'folder', path: source }],
      backupDir: join(work, 'backups'),
      version: 'x',
    });
    const disk = mountSmallDisk('4m');
    try {
      const target = join(disk.path, 'access');
      mkdirSync(target);
      writeFileSync(join(target, 'accesses.json'), '{"old":true}');
      const error = await runBackupCommand(
        [
          'restore',
          path,
          '--skip-origin-check',
          '--store',
          `access=${target}`,
          '--project',
          join(work, 'project'),
        ],
        {},
        () => undefined,
      ).then(
        () => 'restored',
        (failure: Error) => describeBackupError(failure),
      );
      expect(error).toMatch(
        new RegExp(
          `^Archiv abgelehnt: zu gross für den Datenträger: in ${target} sind [\\d.]+ MB frei, ` +
            'das Archiv braucht dort 16\\.0 MB; nichts verändert$',
        ),
      );
      expect(readdirSync(target)).toEqual(['accesses.json']);
    } finally {
      disk.remove();
    }
  });
});
