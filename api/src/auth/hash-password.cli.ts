// `npm run hash-password -w api -- 'secret'`: prints only the value for
// AUTH_PASSWORD_HASH on stdout, so it can be captured by scripts.
import { hashPassword } from './password-hash';

async function main(): Promise<void> {
  const password = process.argv[2];
  if (!password) {
    process.stderr.write("Aufruf: npm run hash-password -w api -- 'Passwort'\n");
    process.exitCode = 2;
    return;
  }
  process.stdout.write(`${await hashPassword(password)}\n`);
}

void main();
