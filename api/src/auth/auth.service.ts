import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { AppConfig, appConfig } from '../config/app-config';
import { JWT_SIGNING_KEY } from './jwt-signing-key.provider';
import { JWT_ALGORITHM } from './jwt.strategy';
import {
  ParsedPasswordHash,
  hashPassword,
  parsePasswordHash,
  verifyPassword,
} from './password-hash';

// Hashing first makes the comparison constant-time even for different lengths.
function sameText(a: string, b: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(a), digest(b));
}

@Injectable()
export class AuthService implements OnModuleInit {
  private readonly logger = new Logger(AuthService.name);
  private passwordHash?: ParsedPasswordHash;

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    @Inject(JWT_SIGNING_KEY) private readonly signingKey: string,
    private readonly jwt: JwtService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.passwordHash = this.config.auth.passwordHash ?? (await this.createOneTimePassword());
  }

  /** Returns a token for the configured account, or undefined; both parts are always checked. */
  async login(username: string, password: string): Promise<string | undefined> {
    if (!this.passwordHash) throw new Error('AuthService used before initialisation');
    const userMatches = sameText(username, this.config.auth.username);
    const passwordMatches = await verifyPassword(password, this.passwordHash);
    if (!userMatches || !passwordMatches) return undefined;
    return this.jwt.signAsync(
      { sub: this.config.auth.username },
      {
        secret: this.signingKey,
        algorithm: JWT_ALGORITHM,
        expiresIn: this.config.jwt.expiresInSeconds,
      },
    );
  }

  // Zero-config start without a known default password: a fresh one per process, shown once.
  private async createOneTimePassword(): Promise<ParsedPasswordHash> {
    const password = randomBytes(18).toString('base64url');
    const hash = parsePasswordHash(await hashPassword(password));
    if (!hash) throw new Error('Could not create the one-time password');
    this.logger.warn(
      `AUTH_PASSWORD_HASH is not set. One-time password for user "${this.config.auth.username}" (valid until restart): ${password}`,
    );
    return hash;
  }
}
