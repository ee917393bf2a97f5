// What an archive must prove before the tool trusts it (docs/backup.md,
// "Herkunft"): a signature checked against the key file's public key, else
// against BACKUP_SIGNING_KEY's. Without either, nothing proves an archive is
// the site's, and only the owner's --skip-origin-check lets it in; the drill
// alone reads a folder of plain archives without keys, as it writes nothing.
import type { BackupConfig } from '../../config/app-config';
import { KeyError, readIdentityFile, type ArchiveKey } from './archive-crypto';
import { publicKeyOf, type Trust } from './archive-signature';

export interface TrustRequest {
  /** The key file given (--identity), if any. */
  identity?: string;
  skip: boolean;
  /** Only reads: the drill. */
  readOnly: boolean;
}

export const SKIPPED =
  'SKIP_ORIGIN_CHECK: nur eine fehlende Signatur (und Verschlüsselung) wird übergangen, eine ' +
  'vorhandene Signatur geprüft.';

/** The key file and the trust for a command; throws the owner's one line when nothing could prove an archive. */
export async function trustOf(
  { identity, skip, readOnly }: TrustRequest,
  config: Pick<BackupConfig, 'signingKey' | 'recipients'>,
): Promise<{ key?: ArchiveKey; trust: Trust }> {
  const key = identity === undefined ? undefined : await readIdentityFile(identity);
  const [signerKey, source] = key
    ? [key.signer, key.file]
    : [config.signingKey && publicKeyOf(config.signingKey), 'BACKUP_SIGNING_KEY'];
  const signer = signerKey ? { key: signerKey, source } : undefined;
  const encryptedOnly = key !== undefined || config.recipients.length > 0;
  const trust = { encryptedOnly, signer, skip };
  // With a recipient configured but no key file, only an encrypted archive
  // counts, and none opens without the key: nothing unproven gets through.
  const proven = signer || skip || (encryptedOnly && !key);
  if (proven || (readOnly && !encryptedOnly)) return { key, trust };
  throw new KeyError(
    key
      ? `${key.file} enthält keinen Signaturschlüssel (eine Schlüsseldatei von vor den ` +
          'Signaturen): make backup-key macht neue Schlüssel; ein altes Archiv nur mit ' +
          'SKIP_ORIGIN_CHECK=1 (docs/backup.md); nichts verändert.'
      : 'Ohne Schlüssel lässt sich nicht prüfen, dass das Archiv von dieser Website stammt: ' +
          'AGE_IDENTITY=SCHLÜSSELDATEI angeben (beim Werkzeug --identity), oder für ein Archiv ' +
          'ohne Schlüssel SKIP_ORIGIN_CHECK=1 (docs/backup.md); nichts verändert.',
  );
}
