// `make password`: the login password, asked for twice, hashed into the
// project's .env as AUTH_PASSWORD_HASH; the password itself is stored nowhere.
//   set-password [--project DIR]     DIR's .env (default: this repository's)
// At a terminal it asks here, without echo. Otherwise it reads two lines from
// stdin: the Makefile asks (stty -echo) and pipes them in, which also works in
// the API image's container of `make password`, where `run -T` gives no terminal.
// natively: npm run -s set-password -w api   (make password-local)
// compose:  node dist/auth/set-password.cli.js --project /project   (make password)
// Exit codes: 0 written, 1 refused (empty, the two differ) or not written, 2 wrong call.
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { parseCliArgs, runCliCommand, UsageError } from '../common/cli-command';
import { writeSetting } from '../config/env-file-setting';
import { REPO_ROOT } from '../config/paths';
import { hashPassword } from '../passwords/password-hash';

const USAGE =
  'Aufruf: set-password [--project ORDNER]  (das Passwort zweimal, am Terminal oder über stdin)';
const SETTING = 'AUTH_PASSWORD_HASH';

/** One line typed at the terminal, not shown; Ctrl-C cancels. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return finish();
        if (char === '\u0003') return finish(new Error('Abgebrochen: nichts geändert.'));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else typed += char;
      }
    };
    input.setEncoding('utf8');
    input.setRawMode(true);
    input.on('data', onData);
    input.resume();
  });
}

/** The password and its repetition. */
async function readTwice(): Promise<[string, string | undefined]> {
  if (process.stdin.isTTY)
    return [await askHidden('Neues Passwort: '), await askHidden('Noch einmal: ')];
  const [first = '', second] = (await text(process.stdin)).split(/\r?\n/);
  return [first, second];
}

runCliCommand(async (args, _env, print) => {
  const { values, positionals } = parseCliArgs(args, { project: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(USAGE);
  const [password, again] = await readTwice();
  if (password === '') throw new Error('Kein Passwort eingegeben: nichts geändert.');
  if (again !== password) throw new Error('Die beiden Eingaben sind verschieden: nichts geändert.');
  const project = values.project ?? REPO_ROOT;
  const hash = await hashPassword(password);
  // The file is replaced whole or not at all, so a failure leaves it as it was.
  await writeSetting(project, SETTING, hash).catch((error: NodeJS.ErrnoException) => {
    throw new Error(
      `${join(project, '.env')} lässt sich nicht schreiben (${error.code ?? error.message}): nichts geändert.`,
    );
  });
  print(
    `${SETTING} in .env eingetragen; es gilt nach einem Neustart: make up (ohne Docker: make local neu starten).`,
  );
});
