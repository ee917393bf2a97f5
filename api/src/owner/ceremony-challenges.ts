// The challenges of passkey ceremonies, made so that no flood can push one
// out: nothing is stored when one is made. Each carries a random value, its
// end and an HMAC over both and its purpose (sign-in, a setup link's
// registration, or one confirmation: action, target, passkey), keyed per
// process, so it checks itself. Only the used ones are remembered, until
// they end: each is taken once, when a response with it is checked, whatever
// the outcome, so a recorded response cannot be played again. That set grows
// only with the options the rate limits let out (every ceremony route has
// one), and never beyond MAX_REMEMBERED: full, it refuses. A restart
// forgets the key: a ceremony under way then fails, and the owner taps again.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Far above what the rate limits let through in a challenge's life; some 10 MB at most. */
export const MAX_REMEMBERED = 100_000;

const NONCE_BYTES = 16;
const END_BYTES = 6;
const MAC_BYTES = 32;
const CHALLENGE_BYTES = NONCE_BYTES + END_BYTES + MAC_BYTES;

export class CeremonyChallenges {
  private readonly key = randomBytes(32);
  // Nonce (base64url) → end; insertion order is about end order, as every one lasts as long.
  private readonly used = new Map<string, number>();

  constructor(
    private readonly ttlMs = CHALLENGE_TTL_MS,
    private readonly maxRemembered = MAX_REMEMBERED,
  ) {}

  /** A new challenge for `purpose`, as the bytes a ceremony's options carry. */
  issue(purpose: string, now = Date.now()): Uint8Array<ArrayBuffer> {
    const head = Buffer.alloc(NONCE_BYTES + END_BYTES);
    randomBytes(NONCE_BYTES).copy(head);
    head.writeUIntBE(now + this.ttlMs, NONCE_BYTES, END_BYTES);
    return new Uint8Array(Buffer.concat([head, this.mac(purpose, head)]));
  }

  /**
   * Whether `challenge` (base64url, as a response's client data has it) was made here for
   * `purpose`, has not ended and was not taken before; from now on it counts as taken.
   */
  take(challenge: string, purpose: string, now = Date.now()): boolean {
    this.forgetEnded(now);
    const bytes = Buffer.from(challenge, 'base64url');
    if (bytes.length !== CHALLENGE_BYTES) return false;
    const head = bytes.subarray(0, NONCE_BYTES + END_BYTES);
    if (!timingSafeEqual(bytes.subarray(head.length), this.mac(purpose, head))) return false;
    const end = head.readUIntBE(NONCE_BYTES, END_BYTES);
    const nonce = head.subarray(0, NONCE_BYTES).toString('base64url');
    if (end <= now || this.used.has(nonce) || this.used.size >= this.maxRemembered) return false;
    this.used.set(nonce, end);
    return true;
  }

  /** How many taken challenges are remembered: the only state that grows. */
  get remembered(): number {
    return this.used.size;
  }

  private mac(purpose: string, head: Buffer): Buffer {
    return createHmac('sha256', this.key).update(purpose).update('\0').update(head).digest();
  }

  private forgetEnded(now: number): void {
    for (const [nonce, end] of this.used) {
      if (end > now) break;
      this.used.delete(nonce);
    }
  }
}
