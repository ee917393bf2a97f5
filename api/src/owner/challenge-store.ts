// The challenges of passkey ceremonies under way, in memory: a restart only
// means the owner taps again. Each is taken once, when a response with it is
// checked, whatever the outcome, so a recorded response cannot be played
// again; each ends after five minutes; and the oldest are dropped beyond a
// bound, as the options that make them are public.
export const CHALLENGE_TTL_MS = 5 * 60_000;
// Large enough that a flood of option requests, rate-limited per address, cannot
// push the owner's challenge out within the seconds a ceremony takes; about 1 MB.
export const CHALLENGES_MAX = 10_000;

export class ChallengeStore {
  // Insertion order is age order: the first entry is the oldest.
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly ttlMs = CHALLENGE_TTL_MS,
    private readonly max = CHALLENGES_MAX,
  ) {}

  add(challenge: string, now = Date.now()): void {
    this.pending.set(challenge, now);
    for (const [oldest, issuedAt] of this.pending) {
      if (this.pending.size <= this.max && now - issuedAt < this.ttlMs) break;
      this.pending.delete(oldest);
    }
  }

  /** Whether the challenge was pending and young enough; it is pending no longer. */
  take(challenge: string, now = Date.now()): boolean {
    const issuedAt = this.pending.get(challenge);
    if (issuedAt === undefined) return false;
    this.pending.delete(challenge);
    return now - issuedAt < this.ttlMs;
  }
}
