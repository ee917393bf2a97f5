// The kinds of setting only the backup tool reads (api/src/backup,
// docs/backup.md): age public keys to encrypt for, an rclone remote to copy
// to, and a file path such as rclone's config.
import { bech32 } from '@scure/base';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { setting, type Setting } from './env-readers';
import { createPrivateKey } from 'node:crypto';

/** The most archives BACKUP_KEEP may keep, and so the most names the index holds. */
export const MAX_KEPT_ARCHIVES = 10_000;

/** An X25519 age recipient holds a 32-byte key. */
const KEY_BYTES = 32;

/**
 * One public key as age itself reads it: `age1…` in bech32, its checksum
 * right. Only X25519 keys (what `make backup-key` and `age-keygen` make):
 * every age release opens them, Debian's 1.1 among them, which does not
 * know the newer post-quantum keys (age1pq1…).
 */
export function isAgeRecipient(text: string): boolean {
  if (!text.startsWith('age1')) return false;
  try {
    const { prefix, bytes } = bech32.decodeToBytes(text);
    return prefix === 'age' && bytes.length === KEY_BYTES;
  } catch {
    return false;
  }
}

/** Keys separated by spaces or commas, each once; an empty value means none. */
export const ageRecipients = (): Setting<string[]> =>
  setting(
    (raw) => {
      const keys = [...new Set(raw.split(/[\s,]+/).filter(Boolean))];
      return keys.every(isAgeRecipient) ? keys : undefined;
    },
    {
      en: 'must be one or more age public keys (age1…, from make backup-key), separated by commas',
      de:
        'muss ein oder mehrere öffentliche age-Schlüssel sein (age1…, von make backup-key), ' +
        'durch Kommas getrennt',
    },
    [],
  );

/**
 * An rclone remote and folder, `name:folder` as `rclone config` names it;
 * a plain path (no remote) would copy onto the same Pi, which is not off-site.
 */
const REMOTE = /^[A-Za-z0-9_+@.][\w+@. -]*:[^\r\n]*$/;

export const rcloneRemote = (): Setting<string | undefined> =>
  setting(
    (raw) => (REMOTE.test(raw) && !raw.startsWith('-') ? raw : undefined),
    {
      en: 'must name an rclone remote and folder such as offsite:portfolio-backups (rclone config)',
      de:
        'muss ein rclone-Ziel mit Ordner sein wie offsite:portfolio-backups ' +
        '(eingerichtet mit rclone config)',
    },
    undefined,
  );

/** `~/` as the home folder: a shell leaves it as it is in `NAME=~/…` in some places (zsh). */
export const expandHome = (path: string) =>
  path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;

/** A file; `~/` is the home folder (as compose reads it), a relative path counts from `base`. */
export const file = (base: string, fallback: string): Setting<string> =>
  setting(
    (raw) => {
      const path = expandHome(raw);
      return isAbsolute(path) ? path : resolve(base, path);
    },
    { en: '', de: '' },
    fallback,
  );

/** Whether a value is an Ed25519 secret key, base64 PKCS#8 as make backup-key writes it. */
function isSigningSecret(raw: string): boolean {
  try {
    const key = createPrivateKey({ key: Buffer.from(raw, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

/** The site's secret key that signs every archive (make backup-key writes it). */
export const signingKey = (): Setting<string | undefined> =>
  setting(
    (raw) => (isSigningSecret(raw) ? raw : undefined),
    {
      en: 'must be an Ed25519 secret key as make backup-key writes it',
      de: 'muss ein geheimer Ed25519-Schlüssel sein, wie ihn make backup-key schreibt',
    },
    undefined,
  );
