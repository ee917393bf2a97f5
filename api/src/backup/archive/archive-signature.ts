// Where an archive came from (docs/backup.md, "Herkunft"): age proves who can
// read it, not who wrote it, as the public recipient in .env may be known to
// anyone. So the site signs every manifest.json (which holds every SHA-256)
// with BACKUP_SIGNING_KEY (Ed25519); the public half is a comment line of the
// owner's key file, which age ignores.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { ArchiveRefusedError } from './backup-manifest';
import { parseJson } from '../backup-text';

/** The entry after manifest.json. */
export const SIGNATURE_NAME = 'manifest.sig';
const FORMAT = 'portfolio-backup-signature';
/** The key file's comment line with the public half. */
const KEY_LINE_PREFIX = '# portfolio-backup-signing-key: ';
const KEY_LINE = /^# portfolio-backup-signing-key: (\S+)\s*$/m;

export type Signature = { publicKey: string; signature: string };

/** What an archive must prove before it is trusted (commands/call.ts, trustFor). */
export interface Trust {
  /** A key is configured or given: a plain archive is not one of the site's. */
  encryptedOnly: boolean;
  /** The public key the signature must verify against, and where it was read. */
  signer?: { key: string; source: string };
  /** The owner's choice for an archive made before signatures: a missing signature, never a wrong one. */
  skip: boolean;
  /** The tool's own second reading of an archive the first one proved. */
  proven?: true;
}

/** Trusts any archive: only for the tool's own second reading of one already checked. */
export const ALREADY_CHECKED: Trust = { encryptedOnly: false, skip: true, proven: true };

const base64 = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ format: 'der', type }).toString('base64');

/** A key as .env and the key file hold it: its DER in base64. */
const der = <T extends 'pkcs8' | 'spki'>(key: string, type: T) =>
  ({ key: Buffer.from(key, 'base64'), format: 'der', type }) as const;
const privateKey = (secret: string) => createPrivateKey(der(secret, 'pkcs8'));

/** A new pair: the secret half for BACKUP_SIGNING_KEY, the public half for the key file. */
export function newSigningPair(): { secret: string; publicKey: string } {
  const { privateKey: secret, publicKey } = generateKeyPairSync('ed25519');
  return { secret: base64(secret, 'pkcs8'), publicKey: base64(publicKey, 'spki') };
}

export const publicKeyOf = (secret: string) => base64(createPublicKey(privateKey(secret)), 'spki');

export const signingKeyLine = (publicKey: string) => `${KEY_LINE_PREFIX}${publicKey}`;

/** The public signing key in a key file's text, if it has one. */
export const signingKeyIn = (keyFileText: string) => KEY_LINE.exec(keyFileText)?.[1];

/** The site's signature of any bytes (a manifest, the index of archives). */
export const signBytes = (bytes: Buffer, secret: string): Signature => ({
  publicKey: publicKeyOf(secret),
  signature: sign(null, bytes, privateKey(secret)).toString('base64'),
});

/** manifest.sig's bytes for the manifest's bytes. */
export function signManifest(manifest: Buffer, secret: string): Buffer {
  return Buffer.from(`${JSON.stringify({ format: FORMAT, ...signBytes(manifest, secret) })}\n`);
}

/** manifest.sig parsed; undefined when it is not ours. */
export function parseSignature(text: string): Signature | undefined {
  const { format, publicKey, signature } = parseJson<Record<string, unknown>>(text) ?? {};
  if (format !== FORMAT || typeof publicKey !== 'string' || typeof signature !== 'string') return;
  return { publicKey, signature };
}

export function verifies(manifest: Buffer, signature: Signature, publicKey: string): boolean {
  try {
    const key = createPublicKey(der(publicKey, 'spki'));
    return verify(null, manifest, key, Buffer.from(signature.signature, 'base64'));
  } catch {
    return false;
  }
}

const OLD_ARCHIVE = 'ein Archiv von vor den Signaturen nur mit SKIP_ORIGIN_CHECK=1, docs/backup.md';

/** Refuses an archive that does not prove it is the site's; nothing has been written yet. */
export function checkOrigin(
  read: { manifestBytes: Buffer; signature?: Signature; encrypted: boolean },
  trust: Trust,
): void {
  if (trust.proven || (trust.skip && !read.signature)) return;
  if (trust.encryptedOnly && !read.encrypted && !trust.skip)
    throw new ArchiveRefusedError(
      `nicht verschlüsselt, obwohl ein Schlüssel eingerichtet oder angegeben ist: so ein Archiv ` +
        `macht diese Website nicht (${OLD_ARCHIVE})`,
    );
  if (!trust.signer && trust.skip)
    throw new ArchiveRefusedError(
      'signiert, doch ohne Schlüssel nicht zu prüfen: die Schlüsseldatei angeben ' +
        '(AGE_IDENTITY=…); SKIP_ORIGIN_CHECK übergeht nur eine fehlende Signatur',
    );
  if (!trust.signer) return;
  if (!read.signature)
    throw new ArchiveRefusedError(
      `nicht signiert: es stammt nicht von dieser Website (${OLD_ARCHIVE})`,
    );
  if (!verifies(read.manifestBytes, read.signature, trust.signer.key))
    throw new ArchiveRefusedError(
      `die Signatur passt nicht zum Signaturschlüssel in ${trust.signer.source}: ` +
        'das Archiv stammt nicht von dieser Website',
    );
}
