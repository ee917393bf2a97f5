// The owner's commands for personal access links (docs/operations.md, "Zugänge"):
//   add <Name> [--days N]       a new access: prints the link and the code, once
//   list                        every access with its dates and use
//   revoke <Name>               ends the access at once, its open sessions too
//   log [--json] [<Name>]       the access log, newest first (also --name <Name>)
// make passes each name after `--`, so one that starts with `-` is a name, not an option.
// natively:  npx tsx api/src/access/access.cli.ts …   (make access-add-local …, npm run -s access -w api -- …)
// compose:   docker compose exec api node dist/access/access.cli.js …   (make access-add …)
import { parseAppConfig } from '../config/app-config';
import {
  parseOwnerArgs,
  runOwnerCommand,
  UsageError,
  type OwnerCommand,
} from '../common/owner-command';
import { accessLink } from './access-code';
import { AccessLogFile } from './access-log';
import { accessFigures, accessTable, logTable, newestFirst } from './access-report';
import { AccessStore, DEFAULT_ACCESS_DAYS, sameLabel } from './access-store';
import { describedEntry, localDate } from './access-texts';

const USAGE = `Aufruf:
  access add "<Name>" [--days N]     neuer Zugang (Standard ${DEFAULT_ACCESS_DAYS} Tage)
  access list                        alle Zugänge
  access revoke "<Name>"             Zugang sofort beenden
  access log [--json] ["<Name>"]     Zugriffe, neueste zuerst`;

export const runAccessCommand: OwnerCommand = async (args, env, print) => {
  const { values, positionals } = parseOwnerArgs(args, {
    days: { type: 'string' },
    name: { type: 'string' },
    json: { type: 'boolean' },
  });
  const config = parseAppConfig(env).access;
  const store = new AccessStore(config.dir);
  const log = new AccessLogFile(config.dir);
  const [command, name] = positionals;
  switch (command) {
    case 'add': {
      const days = values.days === undefined ? DEFAULT_ACCESS_DAYS : Number(values.days);
      const { access, code } = await store.add(name ?? '', days);
      print(
        [
          `Zugang für „${access.label}“ erstellt, gültig bis ${localDate(access.expiresAt)}.`,
          '',
          `Link:  ${accessLink(config.siteUrl, code)}`,
          `Code:  ${code}`,
          '',
          'Der Code wird nur jetzt angezeigt; gespeichert ist nur sein Hash.',
        ].join('\n'),
      );
      return;
    }
    case 'list': {
      const accesses = await store.readAccesses();
      if (accesses.length === 0) return print('Noch keine Zugänge (make access-add NAME="…").');
      const { entries } = await log.read();
      return print(accessTable(accessFigures(accesses, await store.readUsage(), entries)));
    }
    case 'revoke': {
      const revoked = await store.revoke(name ?? '');
      if (revoked.length === 0)
        throw new Error(`Kein gültiger Zugang „${name}“ gefunden (make access-list).`);
      return print(`Zugang „${revoked[0].label}“ widerrufen; offene Sitzungen enden sofort.`);
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

if (require.main === module) runOwnerCommand(runAccessCommand);
