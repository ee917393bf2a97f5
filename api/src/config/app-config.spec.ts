import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseAppConfig, parseBackupConfig } from './app-config';
import { parseDuration } from './duration';
import { readEnvFile } from './env-file';
import { REPO_ROOT } from './paths';

describe('configuration', () => {
  it('has secure, working defaults for an empty environment', () => {
    const config = parseAppConfig({});
    expect(config.auth).toEqual({
      username: 'bewerbung',
      passwordHash: undefined,
      lockout: { limit: 30, windowMs: 600_000 },
    });
    expect(config.jwt).toEqual({ secret: undefined, expiresInMs: 7_200_000 });
    expect(config.smtp).toEqual({ host: undefined, port: 587, secure: false, auth: undefined });
    expect(config.mail.spoolDir).toBe(join(REPO_ROOT, 'mail-spool'));
    expect(config.documents.dir).toBe(join(REPO_ROOT, 'documents', 'samples'));
    expect(config.server).toEqual({ host: '127.0.0.1', port: 3000 });
    expect(config.rateLimits).toEqual({
      login: { limit: 5, ttlMs: 60_000 },
      mail: { limit: 5, ttlMs: 600_000 },
      confirm: { limit: 30, ttlMs: 60_000 },
    });
  });

  it('reads relative folders from the repository root, absolute ones as they are', () => {
    const config = parseAppConfig({
      DOCUMENTS_DIR: './documents',
      MAIL_SPOOL_DIR: '/var/spool/portfolio',
    });
    expect(config.documents.dir).toBe(join(REPO_ROOT, 'documents'));
    expect(config.mail.spoolDir).toBe('/var/spool/portfolio');
  });

  it('checks DOMAIN at start, beside SITE_URL too', () => {
    expect(parseAppConfig({ DOMAIN: 'Bewerbung.Example.CH' }).access.siteUrl).toBe(
      'https://bewerbung.example.ch',
    );
    for (const domain of [
      'https://example.ch',
      'example.ch:443',
      'example.ch/verwaltung',
      'exa mple.ch',
      '192.168.1.20',
      'localhost',
      '-example.ch',
    ]) {
      const message = `DOMAIN must be a domain name such as example.ch (no https://, port or path)`;
      expect(() => parseAppConfig({ DOMAIN: domain })).toThrow(message);
      expect(() => parseAppConfig({ DOMAIN: domain, SITE_URL: 'https://example.ch' })).toThrow(
        message,
      );
    }
  });

  it('refuses a letters folder that holds the access store, which nginx would then read', () => {
    for (const LETTERS_DIR of ['/srv/portfolio', '/srv/portfolio/access', '/srv/portfolio/access/'])
      expect(() => parseAppConfig({ ACCESS_DIR: '/srv/portfolio/access', LETTERS_DIR })).toThrow(
        `LETTERS_DIR (${LETTERS_DIR}) holds ACCESS_DIR (/srv/portfolio/access): nginx reads LETTERS_DIR`,
      );
    for (const LETTERS_DIR of [
      '/srv/portfolio/letters',
      '/srv/portfolio/access/letters',
      '/srv/portfolio/access-letters',
    ])
      expect(
        parseAppConfig({ ACCESS_DIR: '/srv/portfolio/access', LETTERS_DIR }).access.lettersDir,
      ).toBe(LETTERS_DIR);
  });

  it('treats empty values as unset', () => {
    expect(parseAppConfig({ SMTP_HOST: ' ', API_PORT: '' }).server.port).toBe(3000);
  });

  it('reads every value it is given', () => {
    const config = parseAppConfig({
      AUTH_USERNAME: 'gast',
      JWT_SECRET: 'x'.repeat(32),
      JWT_EXPIRES_IN: '30m',
      SMTP_HOST: 'mailpit',
      SMTP_PORT: '1025',
      SMTP_SECURE: 'true',
      SMTP_USER: 'u',
      SMTP_PASS: 'p',
      MAIL_TO: 'owner@example.ch',
      MAIL_FROM: 'Portfolio <web@example.ch>',
      API_HOST: '0.0.0.0',
      API_PORT: '8081',
      LOGIN_RATE_LIMIT: '50',
      MAIL_RATE_LIMIT: '7',
    });
    expect(config.auth.username).toBe('gast');
    expect(config.jwt).toEqual({ secret: 'x'.repeat(32), expiresInMs: 1_800_000 });
    expect(config.smtp).toEqual({
      host: 'mailpit',
      port: 1025,
      secure: true,
      auth: { user: 'u', pass: 'p' },
    });
    expect(config.mail.to).toBe('owner@example.ch');
    expect(config.mail.from).toBe('Portfolio <web@example.ch>');
    expect(config.server).toEqual({ host: '0.0.0.0', port: 8081 });
    expect(config.rateLimits.login.limit).toBe(50);
    expect(config.rateLimits.mail.limit).toBe(7);
  });

  it('lists every malformed value at once', () => {
    const parse = () =>
      parseAppConfig({
        JWT_SECRET: 'short',
        SMTP_PORT: '70000',
        SMTP_SECURE: 'vielleicht',
        SMTP_USER: 'only-user',
        MAIL_TO: 'not-an-address',
        LOGIN_RATE_LIMIT: '0',
      });
    expect(parse).toThrow(/JWT_SECRET must be at least 32 characters/);
    expect(parse).toThrow(/SMTP_PORT must be a whole number from 1 to 65535/);
    expect(parse).toThrow(/SMTP_SECURE must be true or false/);
    expect(parse).toThrow(/SMTP_USER and SMTP_PASS go together/);
    expect(parse).toThrow(/MAIL_TO must be a mail address/);
    expect(parse).toThrow(/LOGIN_RATE_LIMIT must be a whole number/);
  });
});

describe('mail server settings', () => {
  const owner = { MAIL_TO: 'owner@example.ch', MAIL_FROM: 'Portfolio <web@example.ch>' };

  it.each([
    [{ SMTP_HOST: 'mailpit' }, 1025],
    [{ SMTP_HOST: 'smtp.example.ch', ...owner }, 587],
    [{ SMTP_HOST: 'smtp.example.ch', SMTP_SECURE: 'true', ...owner }, 465],
    [{ SMTP_HOST: 'smtp.example.ch', SMTP_PORT: '2525', ...owner }, 2525],
  ])('takes one port rule for an empty SMTP_PORT: %o uses %i', (env, port) => {
    expect(parseAppConfig(env).smtp.port).toBe(port);
  });

  it("refuses .env.example's addresses, or any at a domain reserved for examples, with a real mail server", () => {
    const example = readEnvFile(join(REPO_ROOT, '.env.example'));
    const parse = () => parseAppConfig({ ...example, SMTP_HOST: 'smtp.beispiel.ch' });
    expect(parse).toThrow(
      /MAIL_TO \(owner@example.com\) is a placeholder at example.com, a domain reserved for examples/,
    );
    expect(parse).toThrow(/MAIL_FROM \(Portfolio <noreply@example.com>\) is a placeholder/);
    for (const address of ['a@example.net', 'a@mail.example.org', 'a@b.test', 'A@EXAMPLE.COM'])
      expect(() =>
        parseAppConfig({ SMTP_HOST: 'smtp.beispiel.ch', ...owner, MAIL_TO: address }),
      ).toThrow(/MAIL_TO .* is a placeholder/);
    // The default sender is the example's too.
    expect(() => parseAppConfig({ SMTP_HOST: 'smtp.beispiel.ch', MAIL_TO: 'a@b.ch' })).toThrow(
      /MAIL_FROM \(Portfolio <noreply@example.com>\) is a placeholder/,
    );
    for (const domain of ['example.ch', 'myexample.com', 'example.com.ch'])
      expect(
        parseAppConfig({ SMTP_HOST: 'smtp.beispiel.ch', ...owner, MAIL_TO: `a@${domain}` }).mail.to,
      ).toBe(`a@${domain}`);
  });

  it("lets Mailpit and a server on this machine (make local's sink) keep the example's addresses", () => {
    const example = readEnvFile(join(REPO_ROOT, '.env.example'));
    for (const host of ['mailpit', '127.0.0.1', 'localhost', '::1'])
      expect(parseAppConfig({ ...example, SMTP_HOST: host }).mail.to).toBe('owner@example.com');
  });

  it('refuses to start with a real mail server but no MAIL_TO', () => {
    expect(() => parseAppConfig({ SMTP_HOST: 'smtp.example.ch' })).toThrow(
      /MAIL_TO must be set: SMTP_HOST \(smtp.example.ch\) would deliver to nobody/,
    );
  });

  it("lets compose's Mailpit collect mail without MAIL_TO", () => {
    expect(parseAppConfig({ SMTP_HOST: 'mailpit' }).mail.to).toBe('owner@example.com');
  });
});

describe('durations', () => {
  it.each([
    ['2h', 7_200_000],
    ['30m', 1_800_000],
    ['1d', 86_400_000],
    ['45s', 45_000],
    ['7200', 7_200_000],
  ])('reads %s as %i milliseconds', (value, ms) => {
    expect(parseDuration(value)).toBe(ms);
  });

  it.each(['', '0', '2 hours', '-1h', '1.5h', 'h'])('refuses %p', (value) => {
    expect(parseDuration(value)).toBeUndefined();
  });
});

describe('the backup settings', () => {
  it('keeps 7 archives of everything in backups/ by default', () => {
    expect(parseBackupConfig({})).toEqual({
      dir: join(REPO_ROOT, 'backups'),
      keep: 7,
      documents: true,
      recipients: [],
      signingKey: undefined,
      remote: undefined,
      rcloneConfig: join(homedir(), '.config', 'rclone', 'rclone.conf'),
      maxAgeMs: 2 * 24 * 3600 * 1000,
      accessDir: join(REPO_ROOT, '.local', 'access'),
      lettersDir: join(REPO_ROOT, '.local', 'letters'),
      outboxDir: join(REPO_ROOT, '.local', 'mail-outbox'),
      documentsDir: undefined,
    });
  });

  it('refuses a signing key that is not an Ed25519 secret key, in one line', () => {
    expect(() => parseBackupConfig({ BACKUP_SIGNING_KEY: 'geheim' })).toThrow(
      'Ungültige Einstellung: BACKUP_SIGNING_KEY muss ein geheimer Ed25519-Schlüssel sein, ' +
        'wie ihn make backup-key schreibt.',
    );
  });

  it('reads DOCUMENTS_DIR as written, for the project the backup tool is given', () => {
    expect(parseBackupConfig({ DOCUMENTS_DIR: './documents/private' }).documentsDir).toBe(
      './documents/private',
    );
  });

  it('reads BACKUP_DOCUMENTS like every other flag: 0 and false leave the documents out', () => {
    for (const off of ['0', 'false', 'FALSE'])
      expect(parseBackupConfig({ BACKUP_DOCUMENTS: off }).documents).toBe(false);
    expect(parseBackupConfig({ BACKUP_DOCUMENTS: '1' }).documents).toBe(true);
  });

  it('reads BACKUP_DIR from the repository root unless absolute', () => {
    expect(parseBackupConfig({ BACKUP_DIR: 'archive' }).dir).toBe(join(REPO_ROOT, 'archive'));
    expect(parseBackupConfig({ BACKUP_DIR: '/mnt/usb' }).dir).toBe('/mnt/usb');
  });

  it('refuses a malformed value with one German line, and the API with its English one', () => {
    expect(() => parseBackupConfig({ BACKUP_KEEP: '0', BACKUP_DOCUMENTS: 'nein' })).toThrow(
      'Ungültige Einstellung: BACKUP_KEEP muss eine ganze Zahl von 1 bis 10000 sein; ' +
        'BACKUP_DOCUMENTS muss true oder false sein (oder 1 oder 0).',
    );
    expect(() => parseAppConfig({ BACKUP_KEEP: 'viele' })).toThrow(
      'BACKUP_KEEP must be a whole number from 1 to 10000',
    );
  });

  it('does not depend on the other settings being right', () => {
    expect(parseBackupConfig({ SMTP_HOST: 'mail.example.ch' }).keep).toBe(7);
  });
});

describe('the age recipients of encrypted backups', () => {
  // Two X25519 public keys as age-keygen prints them.
  const first = 'age1l7mc7vldghqtszxlxc03fk2uhuhzwdywlhscklvp9w4qw27j9pxs6vl9xz';
  const second = 'age1fdw8zxextyf4jkhgetyygckuwp75gm6puf7ncclg33l4eucluetssxgye2';
  const recipients = (value: string) =>
    parseBackupConfig({ BACKUP_AGE_RECIPIENTS: value }).recipients;

  it('reads one or more keys, separated by commas or spaces, each once', () => {
    expect(recipients(first)).toEqual([first]);
    expect(recipients(`${first},${second}`)).toEqual([first, second]);
    expect(recipients(` ${first} ,  ${second}\t${first} `)).toEqual([first, second]);
  });

  it.each([
    ['a typo (the checksum no longer matches)', first.replace('l7mc', 'l7cm')],
    ['a key cut short', first.slice(0, -1)],
    ['the secret key instead of the public one', 'AGE-SECRET-KEY-1QQQQQQQQQQQQQQQQQQQQQQ'],
    ['an SSH key', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI'],
    ['an upper-case key mixed with lower case', `AGE1${first.slice(4, 20)}${first.slice(20)}`],
    ['a good and a bad key', `${first},age1nope`],
    ['a post-quantum key, which age 1.1 cannot open', `age1pq1${first.slice(5)}`],
  ])('refuses %s, with one German line', (_kind, value) => {
    expect(() => recipients(value)).toThrow(
      'Ungültige Einstellung: BACKUP_AGE_RECIPIENTS muss ein oder mehrere öffentliche ' +
        'age-Schlüssel sein (age1…, von make backup-key), durch Kommas getrennt.',
    );
  });

  it('checks the keys when the API starts, too', () => {
    expect(() => parseAppConfig({ BACKUP_AGE_RECIPIENTS: 'age1nope' })).toThrow(
      'BACKUP_AGE_RECIPIENTS must be one or more age public keys',
    );
  });
});

describe('the off-site copy settings', () => {
  const key = 'age1l7mc7vldghqtszxlxc03fk2uhuhzwdywlhscklvp9w4qw27j9pxs6vl9xz';

  it('reads an rclone remote and folder', () => {
    for (const remote of [
      'offsite:portfolio-backups',
      'nas:',
      'my box:backups/pi',
      's3.eu:bucket/a b',
    ])
      expect(parseBackupConfig({ BACKUP_REMOTE: remote, BACKUP_AGE_RECIPIENTS: key }).remote).toBe(
        remote,
      );
  });

  it.each(['/mnt/usb/backups', 'backups', '-offsite:x', ':sftp:x'])('refuses %p', (remote) => {
    expect(() => parseBackupConfig({ BACKUP_REMOTE: remote, BACKUP_AGE_RECIPIENTS: key })).toThrow(
      'Ungültige Einstellung: BACKUP_REMOTE muss ein rclone-Ziel mit Ordner sein wie ' +
        'offsite:portfolio-backups (eingerichtet mit rclone config).',
    );
  });

  it('reads a remote without a recipient: the weekly check on a laptop needs only the remote', () => {
    expect(parseBackupConfig({ BACKUP_REMOTE: 'offsite:backups' }).remote).toBe('offsite:backups');
  });

  it('reads the rclone config from ~/, from the repository root or as given', () => {
    const config = (value: string) =>
      parseBackupConfig({ BACKUP_RCLONE_CONFIG: value }).rcloneConfig;
    expect(config('~/rclone.conf')).toBe(join(homedir(), 'rclone.conf'));
    expect(config('.local/rclone.conf')).toBe(join(REPO_ROOT, '.local', 'rclone.conf'));
    expect(config('/etc/rclone.conf')).toBe('/etc/rclone.conf');
  });

  it('reads BACKUP_MAX_AGE as a duration', () => {
    expect(parseBackupConfig({ BACKUP_MAX_AGE: '36h' }).maxAgeMs).toBe(36 * 3600 * 1000);
    expect(() => parseBackupConfig({ BACKUP_MAX_AGE: 'zwei Tage' })).toThrow(
      'BACKUP_MAX_AGE muss eine Dauer sein',
    );
  });
});
