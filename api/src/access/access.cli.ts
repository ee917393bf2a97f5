// The owner's commands for personal access links (docs/operations.md, "Zugänge"):
//   add <Name> [--days N] [--sections "A, B"] [--file F [--label L]]
//                               a new access: prints the link and the code, once
//   sections <Name> [--sections "A, B"|alle]   the sections it sees (none named: all of today)
//   file <Name> --file F [--label L]      one more PDF of its own
//   file <Name> --remove <Label>          removes one
//   list                        every access with its dates, use, sections, PDFs
//   revoke <Name>               ends the access at once, its sessions and PDFs too
//   remove <Name | id>          deletes an ended access, its PDFs, log entries and use
//   log [--json] [<Name>]       the access log, newest first (also --name <Name>)
// F is a PDF's path, or - for stdin (make passes FILE so: a container sees no
// host path); L names it for the company, else the file's name does.
// make passes each name after `--`, so one that starts with `-` is a name, not an option.
// natively:  npx tsx api/src/access/access.cli.ts …   (make access-add-local …, npm run -s access -w api -- …)
// compose:   docker compose exec api node dist/access/access.cli.js …   (make access-add …)
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseAppConfig } from '../config/app-config';
import { parseCliArgs, runCliCommand, UsageError, type CliCommand } from '../common/cli-command';
import { accessLink } from './access-code';
import { AccessChanges, type LetterUpload } from './access-changes';
import { makeAccessStores } from './access-stores';
import { Access, DEFAULT_ACCESS_DAYS, accessState, sameLabel } from './access-record';
import { accessFigures, accessTable, choicesTable, logTable, newestFirst } from './access-report';
import { localDate } from '../common/swiss-time';
import { describedEntry, letterLine, sectionsText } from './access-texts';

const USAGE = `Aufruf:
  access add "<Name>" [--days N] [--sections "A, B"] [--file DATEI [--label BEZ]]
                                     neuer Zugang (Standard ${DEFAULT_ACCESS_DAYS} Tage, alle heutigen Bereiche)
  access sections "<Name>" [--sections "A, B"|alle]   Bereiche des Zugangs (ohne: alle heutigen)
  access file "<Name>" --file DATEI [--label BEZ]   eigene PDF des Zugangs dazu
  access file "<Name>" --remove BEZ                 eigene PDF entfernen
  access list                        alle Zugänge
  access revoke "<Name>"             Zugang sofort beenden
  access remove "<Name>"|ID          beendeten Zugang samt PDFs und Protokoll löschen
  access log [--json] ["<Name>"]     Zugriffe, neueste zuerst
DATEI: Pfad einer PDF oder - für die Standardeingabe.`;

/** "Bewerbung, GIBB" → the sections named; "alle" (or none given) every one there is now. */
function sectionsOf(text: string | undefined): string[] | undefined {
  if (text === undefined || text.trim().toLowerCase() === 'alle') return undefined;
  const named = text
    .split(',')
    .map((section) => section.trim())
    .filter(Boolean);
  if (named.length === 0)
    throw new UsageError('SECTIONS nennt Bereiche („Bewerbung, GIBB“) oder sagt „alle“.');
  return named;
}

/** The PDF `--file` names, with the owner's name for it. */
async function letterOf(file: string | undefined, label: string | undefined) {
  if (file === undefined) return undefined;
  if (file === '-') {
    if (!label) throw new UsageError('Mit --file - braucht es --label "<Bezeichnung>".');
    return { label, source: process.stdin } satisfies LetterUpload;
  }
  const { size } = await stat(file);
  return { label: label ?? basename(file), source: createReadStream(file), declaredBytes: size };
}

/** The one active access of this name: the one a command changes. */
async function activeNamed(changes: AccessChanges, name = ''): Promise<Access> {
  const found = (await changes.store.readAccesses()).find(
    (access) => sameLabel(access.label, name.trim()) && accessState(access) === 'active',
  );
  if (!found) throw new Error(`Kein gültiger Zugang „${name}“ gefunden (make access-list).`);
  return found;
}

export const runAccessCommand: CliCommand = async (args, env, print) => {
  const { values, positionals } = parseCliArgs(args, {
    days: { type: 'string' },
    name: { type: 'string' },
    json: { type: 'boolean' },
    sections: { type: 'string' },
    file: { type: 'string' },
    label: { type: 'string' },
    remove: { type: 'string' },
  });
  const config = parseAppConfig(env);
  const { siteUrl } = config.access;
  const { changes, log } = makeAccessStores(config, 'command');
  const [command, name] = positionals;
  switch (command) {
    case 'add': {
      const days = values.days === undefined ? DEFAULT_ACCESS_DAYS : Number(values.days);
      const first = await letterOf(values.file, values.label);
      const { access, code, letter } = await changes.add(
        name ?? '',
        days,
        sectionsOf(values.sections),
        first,
      );
      print(
        [
          `Zugang für „${access.label}“ erstellt, gültig bis ${localDate(access.expiresAt)}.`,
          ...(letter ? [letterLine('hinzugefügt', letter)] : []),
          '',
          `Link:  ${accessLink(siteUrl, code)}`,
          `Code:  ${code}`,
          '',
          'Der Code wird nur jetzt angezeigt; gespeichert ist nur sein Hash.',
        ].join('\n'),
      );
      return;
    }
    case 'sections': {
      const access = await activeNamed(changes, name);
      const changed = await changes.setSections(access.id, sectionsOf(values.sections));
      return print(`„${changed.label}“ sieht: ${sectionsText(changed)}.`);
    }
    case 'file': {
      const access = await activeNamed(changes, name);
      if (values.remove !== undefined) {
        const letter = access.letters?.find((own) => sameLabel(own.label, values.remove ?? ''));
        if (!letter) throw new Error(`„${access.label}“ hat keine Datei „${values.remove}“.`);
        await changes.removeLetter(access.id, letter.id);
        return print(letterLine('entfernt', letter));
      }
      const upload = await letterOf(values.file, values.label);
      if (!upload) throw new UsageError(USAGE);
      return print(letterLine('hinzugefügt', await changes.addLetter(access.id, upload)));
    }
    case 'list': {
      const accesses = await changes.store.readAccesses();
      if (accesses.length === 0) return print('Noch keine Zugänge (make access-add NAME="…").');
      const { entries } = await log.read();
      const figures = accessFigures(accesses, await changes.store.readUsage(), entries);
      return print(`${accessTable(figures)}\n\n${choicesTable(accesses)}`);
    }
    case 'revoke': {
      const revoked = await changes.revoke(name ?? '');
      if (revoked.length === 0)
        throw new Error(`Kein gültiger Zugang „${name}“ gefunden (make access-list).`);
      return print(`Zugang „${revoked[0].label}“ widerrufen; offene Sitzungen enden sofort.`);
    }
    case 'remove': {
      const removed = await changes.remove(name ?? '');
      return print(
        `Zugang „${removed.label}“ gelöscht, mit seinen eigenen PDFs; seine Einträge im ` +
          'Zugriffsprotokoll löscht die Website, sobald sie läuft. In älteren Sicherungen bleibt ' +
          'er, bis sie gelöscht sind (BACKUP_KEEP).',
      );
    }
    case 'log': {
      const { entries, unreadable } = await log.read();
      const wanted = (values.name ?? name)?.trim();
      const shown = newestFirst(entries, (entry) => !wanted || sameLabel(entry.access, wanted));
      if (values.json) return print(JSON.stringify(shown.map(describedEntry), null, 2));
      if (unreadable > 0) print(`(${unreadable} unlesbare Zeile(n) übersprungen)`);
      return print(shown.length > 0 ? logTable(shown) : 'Keine Zugriffe.');
    }
    default:
      throw new UsageError(USAGE);
  }
};

if (require.main === module) runCliCommand(runAccessCommand);
