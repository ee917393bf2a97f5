import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Access } from '../access/access-record';
import { AppConfig, appConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { JWT_SIGNING_KEY } from './jwt-signing-key.provider';
import { JWT_ALGORITHM } from './jwt.strategy';
import { LoginLockout } from './login-lockout';
import { oneTimePassword } from './one-time-password';
import { ParsedPasswordHash, verifyPassword } from '../passwords/password-hash';
import { ScryptSlots } from './scrypt-slots';

// Hashing first makes the comparison constant-time even for different lengths.
function sameText(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger(AuthService.name);
  private passwordHash?: ParsedPasswordHash;
  private readonly scryptSlots = new ScryptSlots();
  private readonly lockout: LoginLockout;

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    @Inject(JWT_SIGNING_KEY) private readonly signingKey: string,
    private readonly jwt: JwtService,
    private readonly mail: MailService,
  ) {
    this.lockout = new LoginLockout(config.auth.lockout, (failures, until) =>
      this.locked(failures, until),
    );
  }

  async onModuleInit(): Promise<void> {
    this.passwordHash = this.config.auth.passwordHash ?? (await this.keptOneTimePassword());
  }

  /** Returns a token for the configured account, or undefined; both parts are always checked. */
  async login(username: string, password: string): Promise<string | undefined> {
    const hash = this.passwordHash;
    if (!hash) throw new Error('AuthService used before initialisation');
    this.lockout.check();
    const userMatches = sameText(username, this.config.auth.username);
    const passwordMatches = await this.scryptSlots.run(() => verifyPassword(password, hash));
    if (!userMatches || !passwordMatches) {
      this.lockout.failed();
      return undefined;
    }
    return this.issueToken();
  }

  /**
   * A token for the one authenticated user. An access link's token also names its access
   * (`acc`, checked on every request, so a revocation counts at once), its name (`name`,
   * which the documents page shows) and, when its stamp is off, `stamp: false`, so the page
   * does not say its PDFs carry its name (docs/product.md#the-stamp).
   */
  issueToken(access?: Pick<Access, 'id' | 'label' | 'stamp'>): Promise<string> {
    const claims = access
      ? {
          sub: this.config.auth.username,
          acc: access.id,
          name: access.label,
          ...(access.stamp === false ? { stamp: false } : {}),
        }
      : { sub: this.config.auth.username };
    return this.jwt.signAsync(claims, {
      secret: this.signingKey,
      algorithm: JWT_ALGORITHM,
      // A number is seconds to jsonwebtoken.
      expiresIn: this.config.jwt.expiresInMs / 1000,
    });
  }

  private locked(failures: number, until: Date): void {
    const time = until.toLocaleTimeString('de-CH', { timeZone: 'Europe/Zurich' });
    this.logger.warn(
      `Login locked for every address until ${until.toISOString()}: ${failures} failed logins`,
    );
    void this.mail.notifyOwner(
      'Anmeldung vorübergehend gesperrt',
      [
        `Auf der Portfolio-Website sind ${failures} Anmeldungen mit falschem Passwort eingegangen.`,
        `Bis ${time} Uhr wird jede Anmeldung abgewiesen, auch mit dem richtigen Passwort.`,
        'Danach geht es von selbst weiter. Kommt dies oft vor, ein neues, langes Passwort setzen (make password).',
        '',
      ].join('\n'),
    );
  }

  // Zero-config start without a known default password: one made on the first start and
  // kept, so a password given out holds across restarts; it is shown by that start only.
  private async keptOneTimePassword(): Promise<ParsedPasswordHash> {
    const made = await oneTimePassword(this.config.access.dir);
    const user = this.config.auth.username;
    if (made.password !== undefined)
      this.logger.warn(
        `AUTH_PASSWORD_HASH is not set. One-time password for user "${user}" (stays valid until you set your own with make password): ${made.password}`,
      );
    else
      this.logger.warn(
        `AUTH_PASSWORD_HASH is not set. The one-time password for user "${user}" made on ${made.createdAt.slice(0, 10)} still holds (shown in the log of that start); set your own with make password.`,
      );
    return made.hash;
  }
}
