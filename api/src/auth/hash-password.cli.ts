// `npm run -s hash-password -w api -- 'secret'` prints only the value for
// AUTH_PASSWORD_HASH on stdout, so scripts can capture it. Without an argument
// the password is read from stdin (`printf %s 'secret' | npm run -s hash-password -w api`),
// which keeps it out of the shell history and out of npm's command echo.
import { text } from 'node:stream/consumers';
import { hashPassword } from '../passwords/password-hash';

async function readPassword(): Promise<string | undefined> {
  if (process.argv[2] !== undefined) return process.argv[2];
  if (process.stdin.isTTY) return undefined;
  return (await text(process.stdin)).replace(/\r?\n$/, '');
}

async function main(): Promise<void> {
  const password = await readPassword();
  if (!password) {
    process.stderr.write(
      "Aufruf: npm run -s hash-password -w api -- 'Passwort'  (oder das Passwort über stdin)\n",
    );
    process.exitCode = 2;
    return;
  }
  process.stdout.write(`${await hashPassword(password)}\n`);
}

void main();
