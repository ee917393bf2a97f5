// The owner's token: a JWT of its own kind, marked `aud: "owner"`, which the
// applicants' strategy refuses and which is required here. It is signed with
// a key of its own, random per process and never JWT_SECRET: a leaked or
// guessed applicants' secret opens nothing here, and a restart ends every
// owner's session (a tap signs in again). It lasts 15 minutes, as the page
// manages who can read the documents; a token claiming longer is refused
// whatever its signature. It names the passkey that signed in (`cred`), so
// the guard refuses it once that passkey is removed, and its own id (`jti`),
// so logging out ends it here until it would have expired.
import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { JWT_ALGORITHM } from '../auth/jwt.strategy';
import type { OwnerSession } from './owner-views';

export const OWNER_AUDIENCE = 'owner';
export const OWNER_TOKEN_SECONDS = 900;

/** What a valid owner token says. */
export interface OwnerClaims {
  /** The passkey that signed in. */
  passkeyId: string;
  tokenId: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

interface Payload {
  sub?: unknown;
  iat?: unknown;
  exp?: unknown;
  cred?: unknown;
  jti?: unknown;
}

@Injectable()
export class OwnerTokens {
  private readonly key = randomBytes(32).toString('base64url');
  // Token id → its expiry (seconds): the logged-out tokens that would still verify.
  private readonly ended = new Map<string, number>();

  constructor(private readonly jwt: JwtService) {}

  async issue(passkeyId: string): Promise<OwnerSession> {
    const token = await this.jwt.signAsync(
      { sub: OWNER_AUDIENCE, cred: passkeyId },
      {
        secret: this.key,
        algorithm: JWT_ALGORITHM,
        audience: OWNER_AUDIENCE,
        expiresIn: OWNER_TOKEN_SECONDS,
        jwtid: randomBytes(16).toString('base64url'),
      },
    );
    return { token, expiresIn: OWNER_TOKEN_SECONDS };
  }

  /** The claims of a valid owner token that has not been ended; undefined for any other. */
  async verify(token: string, now = Date.now()): Promise<OwnerClaims | undefined> {
    const payload = await this.jwt
      .verifyAsync<Payload>(token, {
        secret: this.key,
        algorithms: [JWT_ALGORITHM],
        audience: OWNER_AUDIENCE,
      })
      .catch(() => undefined);
    if (!payload || payload.sub !== OWNER_AUDIENCE) return;
    const { iat, exp, cred, jti } = payload;
    if (typeof iat !== 'number' || typeof exp !== 'number' || exp - iat > OWNER_TOKEN_SECONDS)
      return;
    if (typeof cred !== 'string' || typeof jti !== 'string') return;
    this.forgetExpired(now);
    if (this.ended.has(jti)) return;
    return { passkeyId: cred, tokenId: jti, expiresAt: exp };
  }

  /** Logging out: the token is refused from now on. */
  end(claims: OwnerClaims): void {
    this.ended.set(claims.tokenId, claims.expiresAt);
  }

  private forgetExpired(now: number): void {
    for (const [tokenId, expiresAt] of this.ended)
      if (expiresAt * 1000 <= now) this.ended.delete(tokenId);
  }
}
