import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../config/paths';
import { parsePasswordHash, verifyPassword } from '../passwords/password-hash';

describe('hash-password CLI', () => {
  const tsx = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const cli = join(__dirname, 'hash-password.cli.ts');

  async function expectOnlyHashOf(password: string, stdout: string): Promise<void> {
    const lines = stdout.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const hash = parsePasswordHash(lines[0]);
    expect(hash).toBeDefined();
    await expect(verifyPassword(password, hash!)).resolves.toBe(true);
  }

  it('prints only the hash of its argument, one line', async () => {
    const { stdout } = await promisify(execFile)(tsx, [cli, 'Mein Passwort']);
    await expectOnlyHashOf('Mein Passwort', stdout);
  });

  it('reads the password from stdin when no argument is given', async () => {
    const stdout = await new Promise<string>((resolve, reject) => {
      const child = execFile(tsx, [cli], (error, out) => (error ? reject(error) : resolve(out)));
      child.stdin?.end('Über stdin\n');
    });
    await expectOnlyHashOf('Über stdin', stdout);
  });
});
