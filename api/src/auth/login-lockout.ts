// One shared account: per-client limits alone let an attacker with many
// addresses guess without bound. After LOGIN_ACCOUNT_LIMIT failed logins
// within LOGIN_ACCOUNT_WINDOW, from whatever addresses, every login attempt
// is answered 429 until the window ends, without checking the password, so
// the right password learns nothing either. The owner gets one mail per lock.
import { HttpException, HttpStatus } from '@nestjs/common';

export interface LockoutPolicy {
  limit: number;
  windowMs: number;
}

export class LoginLockout {
  private failures: number[] = [];
  private lockedUntil = 0;

  constructor(
    private readonly policy: LockoutPolicy,
    private readonly onLock: (failures: number, until: Date) => void,
  ) {}

  /** Throws 429 while the account is locked. */
  check(now = Date.now()): void {
    if (now < this.lockedUntil)
      throw new HttpException(
        'Too many failed logins, please try again later',
        HttpStatus.TOO_MANY_REQUESTS,
      );
  }

  failed(now = Date.now()): void {
    this.failures = this.failures.filter((at) => now - at < this.policy.windowMs);
    this.failures.push(now);
    if (this.failures.length < this.policy.limit) return;
    this.lockedUntil = now + this.policy.windowMs;
    this.onLock(this.failures.length, new Date(this.lockedUntil));
    this.failures = [];
  }
}
