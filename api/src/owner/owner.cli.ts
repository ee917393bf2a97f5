// The owner's commands for the page /verwaltung and its passkeys:
//   setup-link              a link to register a passkey, 15 minutes, once, and its QR code
//   passkeys                the registered passkeys
//   passkeys remove <ID>    removes one (a lost phone); the start of its ID suffices
// natively:  npx tsx api/src/owner/owner.cli.ts …   (make owner-setup-local, npm run -s owner -w api -- …)
// compose:   docker compose exec api node dist/owner/owner.cli.js …   (make owner-setup …)
// The same stores as the page (owner-passkey-store.ts, owner-setup-store.ts).
import { localTime } from '../common/swiss-time';
import { table } from '../access/access-report';
import { parseCliArgs, runCliCommand, UsageError, type CliCommand } from '../common/cli-command';
import { parseAppConfig } from '../config/app-config';
import type { OwnerPasskey } from './owner-passkey-store';
import { makePasskeyStore, makeSetupStore } from './owner-stores';
import { setupLink } from './owner-setup-store';
import { phoneProblem } from './relying-party';
import { terminalQrCode } from './terminal-qr-code';

const USAGE = `Aufruf:
  owner setup-link                 Link zum Einrichten eines Passkeys (15 Minuten, einmal)
  owner passkeys                   alle Passkeys
  owner passkeys remove <ID>       Passkey entfernen (z. B. eines verlorenen Handys)`;

// Credential ids run to 80 characters and more; this many tell the owner's few apart.
const SHORT_ID = 12;
const MIN_ID_PREFIX = 6;

function passkeyTable(passkeys: OwnerPasskey[]): string {
  return table(
    ['ID', 'Name', 'Erstellt', 'Zuletzt benutzt'],
    passkeys.map((passkey) => [
      passkey.id.slice(0, SHORT_ID),
      passkey.label,
      localTime(passkey.createdAt),
      passkey.lastUsedAt ? localTime(passkey.lastUsedAt) : '–',
    ]),
  );
}

/** The one passkey whose id is, or starts with, what the owner typed. */
function pick(passkeys: OwnerPasskey[], typed: string): OwnerPasskey {
  const exact = passkeys.find((passkey) => passkey.id === typed);
  if (exact) return exact;
  const candidates =
    typed.length >= MIN_ID_PREFIX ? passkeys.filter((passkey) => passkey.id.startsWith(typed)) : [];
  if (candidates.length === 1) return candidates[0];
  if (candidates.length > 1)
    throw new Error(`„${typed}“ passt auf mehrere Passkeys: länger angeben.`);
  throw new Error(`Kein Passkey „${typed}“ gefunden (make owner-passkeys).`);
}

export const runOwnerCommand: CliCommand = async (args, env, print) => {
  const { positionals } = parseCliArgs(args, {});
  const config = parseAppConfig(env).access;
  const passkeys = makePasskeyStore(config.dir);
  const [command, action, id] = positionals;
  if (command === 'setup-link' && action === undefined) {
    const { token } = await makeSetupStore(config.dir).create();
    const link = setupLink(config.siteUrl, token);
    const problem = phoneProblem(config.siteUrl);
    return print(
      [
        'Einrichtungslink (15 Minuten gültig, einmal verwendbar):',
        link,
        '',
        await terminalQrCode(link),
        'Mit der Kamera des Handys scannen (oder den Link dort öffnen) und den Passkey anlegen;',
        'ein früherer, unbenutzter Link gilt nicht mehr.',
        ...(problem ? ['', problem] : []),
      ].join('\n'),
    );
  }
  if (command === 'passkeys' && action === undefined) {
    const all = await passkeys.read();
    return print(all.length > 0 ? passkeyTable(all) : 'Noch kein Passkey (make owner-setup).');
  }
  if (command === 'passkeys' && action === 'remove' && id) {
    const removed = await passkeys.remove(pick(await passkeys.read(), id).id);
    if (!removed) throw new Error(`Kein Passkey „${id}“ gefunden (make owner-passkeys).`);
    return print(
      `Passkey „${removed.label}“ entfernt; wer damit angemeldet ist, wird sofort abgemeldet.`,
    );
  }
  throw new UsageError(USAGE);
};

if (require.main === module) runCliCommand(runOwnerCommand);
