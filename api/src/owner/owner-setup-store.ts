// The owner's current setup link, in ACCESS_DIR/owner-setup.json: the link
// that lets a phone register a passkey (make owner-setup, or the owner's page
// for a further device). Only the SHA-256 of its token is stored; 256 random
// bits need no slow hash. A link holds for 15 minutes and once: a successful
// registration consumes it, and a new link replaces an unused one, so at most
// one is ever open. Written by the command and the API under the store's lock.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { join } from 'node:path';
import {
  isObject,
  isTime,
  readJsonFile,
  storeDamaged,
  withFileLock,
  writeJsonFile,
} from '../common/json-store';

export const OWNER_SETUP_FILE = 'owner-setup.json';
export const SETUP_LINK_TTL_MS = 15 * 60_000;
const STORE = 'Owner setup link store';

interface PendingSetup {
  tokenHash: string;
  expiresAt: string;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The address the owner opens on the phone; the token rides in the fragment, never sent. */
export function setupLink(siteUrl: string, token: string): string {
  return `${siteUrl}/verwaltung#einrichten=${token}`;
}

function isPending(value: unknown): value is PendingSetup {
  return isObject(value) && typeof value.tokenHash === 'string' && isTime(value.expiresAt);
}

function matches(pending: PendingSetup | null, token: string, now: number): boolean {
  if (!pending || Date.parse(pending.expiresAt) <= now) return false;
  const given = Buffer.from(hashToken(token));
  const stored = Buffer.from(pending.tokenHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export class OwnerSetupStore {
  readonly file: string;

  constructor(dir: string) {
    this.file = join(dir, OWNER_SETUP_FILE);
  }

  /** The last setup link made, or null when none was made or it has been used. */
  async read(): Promise<PendingSetup | null> {
    const content = await readJsonFile(this.file, STORE);
    if (content === undefined) return null;
    if (!isObject(content) || !(content.pending === null || isPending(content.pending)))
      throw storeDamaged(STORE, this.file, 'not a setup link');
    return content.pending;
  }

  /** A new setup link's token (shown once) and its end; any earlier link stops working. */
  create(now = Date.now()): Promise<{ token: string; expiresAt: string }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now + SETUP_LINK_TTL_MS).toISOString();
    return withFileLock(this.file, async () => {
      await this.write({ tokenHash: hashToken(token), expiresAt });
      return { token, expiresAt };
    });
  }

  /** Whether `token` is the open link's: not used, not replaced, not expired. */
  async isOpen(token: string, now = Date.now()): Promise<boolean> {
    return matches(await this.read(), token, now);
  }

  /** Uses the link up if `token` is still open; false when it was not (someone was faster). */
  consume(token: string, now = Date.now()): Promise<boolean> {
    return withFileLock(this.file, async () => {
      if (!matches(await this.read(), token, now)) return false;
      await this.write(null);
      return true;
    });
  }

  private write(pending: PendingSetup | null): Promise<void> {
    return writeJsonFile(this.file, { version: 1, pending });
  }
}
