import {
  chmodSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { withSetting, writeSetting } from './env-file-setting';

const HASH = 'scrypt:32768:8:3:c2FsdHNhbHRzYWx0c2FsdA:a2V5a2V5a2V5a2V5a2V5a2V5';
const set = (text: string) => withSetting(text, 'AUTH_PASSWORD_HASH', HASH);

describe('one setting of .env', () => {
  it('replaces the line that sets it and keeps every other byte', () => {
    const before = [
      '# Login',
      'AUTH_USERNAME=bewerbung',
      'AUTH_PASSWORD_HASH=scrypt:1024:8:1:alt:alt',
      '',
      'JWT_SECRET=geheim # mit Kommentar',
      '',
    ].join('\n');
    expect(set(before)).toBe(before.replace('scrypt:1024:8:1:alt:alt', HASH));
  });

  it('replaces an empty value', () => {
    expect(set('AUTH_USERNAME=ich\nAUTH_PASSWORD_HASH=\nMAIL_TO=a@b.ch\n')).toBe(
      `AUTH_USERNAME=ich\nAUTH_PASSWORD_HASH=${HASH}\nMAIL_TO=a@b.ch\n`,
    );
  });

  it('appends a line when none sets it, leaving commented-out ones alone', () => {
    const before = '# AUTH_PASSWORD_HASH=scrypt:alt\nAUTH_USERNAME=ich\n';
    expect(set(before)).toBe(`${before}AUTH_PASSWORD_HASH=${HASH}\n`);
  });

  it('makes the first line of an empty or missing .env', () => {
    expect(set('')).toBe(`AUTH_PASSWORD_HASH=${HASH}\n`);
  });

  it('appends after a last line without a newline', () => {
    expect(set('AUTH_USERNAME=ich')).toBe(`AUTH_USERNAME=ich\nAUTH_PASSWORD_HASH=${HASH}\n`);
  });

  it('replaces a last line without a newline', () => {
    expect(set('AUTH_USERNAME=ich\nAUTH_PASSWORD_HASH=alt')).toBe(
      `AUTH_USERNAME=ich\nAUTH_PASSWORD_HASH=${HASH}\n`,
    );
  });

  it.each([
    ['double quotes', 'AUTH_PASSWORD_HASH="scrypt:alt"'],
    ['single quotes', "AUTH_PASSWORD_HASH='scrypt:alt'"],
    ['export and spaces', '  export AUTH_PASSWORD_HASH = "scrypt:alt"  # alt'],
  ])('replaces a value in %s', (_case, line) => {
    expect(set(`A=1\n${line}\nB=2\n`)).toBe(`A=1\nAUTH_PASSWORD_HASH=${HASH}\nB=2\n`);
  });

  it('keeps quoted values of other settings, even one that spans lines', () => {
    const before = [
      'SMTP_PASS="a#b \\" c"',
      "MAIL_FROM='Portfolio <a@b.ch>'",
      'NOTE="erste Zeile',
      'AUTH_PASSWORD_HASH=keine Einstellung, Teil von NOTE',
      'letzte Zeile"',
      'AUTH_PASSWORD_HASH=alt',
      '',
    ].join('\n');
    const after = set(before);
    expect(after).toBe(before.replace('AUTH_PASSWORD_HASH=alt', `AUTH_PASSWORD_HASH=${HASH}`));
    expect(parseEnv(after)).toMatchObject({
      AUTH_PASSWORD_HASH: HASH,
      NOTE: 'erste Zeile\nAUTH_PASSWORD_HASH=keine Einstellung, Teil von NOTE\nletzte Zeile',
    });
  });

  it('keeps Windows line endings, its own line included', () => {
    expect(set('A=1\r\nAUTH_PASSWORD_HASH=alt\r\nB=2\r\n')).toBe(
      `A=1\r\nAUTH_PASSWORD_HASH=${HASH}\r\nB=2\r\n`,
    );
  });

  it('leaves one line where it was set twice', () => {
    expect(set('AUTH_PASSWORD_HASH=a\nB=2\nAUTH_PASSWORD_HASH=b\n')).toBe(
      `AUTH_PASSWORD_HASH=${HASH}\nB=2\n`,
    );
  });

  it('does not take a setting whose name only starts the same', () => {
    const before = 'AUTH_PASSWORD_HASH_OLD=x\n';
    expect(set(before)).toBe(`${before}AUTH_PASSWORD_HASH=${HASH}\n`);
  });

  describe('in the project folder', () => {
    let project: string;
    beforeEach(() => {
      project = mkdtempSync(join(tmpdir(), 'portfolio-env-setting-'));
    });
    afterEach(() => rmSync(project, { recursive: true, force: true }));

    it('writes a missing .env, owner-only', async () => {
      const file = await writeSetting(project, 'AUTH_PASSWORD_HASH', HASH);
      expect(file).toBe(join(project, '.env'));
      expect(readFileSync(file, 'utf8')).toBe(`AUTH_PASSWORD_HASH=${HASH}\n`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    });

    it('replaces an existing .env whole, owner-only, without a leftover file', async () => {
      const file = join(project, '.env');
      writeFileSync(file, 'A=1\nAUTH_PASSWORD_HASH=\nB=2');
      chmodSync(file, 0o644);
      await writeSetting(project, 'AUTH_PASSWORD_HASH', HASH);
      expect(readFileSync(file, 'utf8')).toBe(`A=1\nAUTH_PASSWORD_HASH=${HASH}\nB=2`);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readdirSync(project)).toEqual(['.env']);
    });
  });
});
