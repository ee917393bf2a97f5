// The owner's token: a JWT of its own kind, signed with the applicants' key
// (auth/jwt-signing-key.provider.ts) but marked `aud: "owner"`, which the
// applicants' strategy refuses and which is required here, so neither kind
// opens the other's endpoints. It lasts 15 minutes, as the page manages who
// can read the documents, and names the passkey that signed in (`cred`): the
// guard refuses it once that passkey is deleted.
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { JWT_SIGNING_KEY } from '../auth/jwt-signing-key.provider';
import { JWT_ALGORITHM } from '../auth/jwt.strategy';

export const OWNER_AUDIENCE = 'owner';
export const OWNER_TOKEN_SECONDS = 900;

/** What a sign-in answers. */
export interface OwnerSession {
  token: string;
  /** Seconds. */
  expiresIn: number;
}

interface OwnerClaims {
  sub?: unknown;
  exp?: unknown;
  cred?: unknown;
}

@Injectable()
export class OwnerTokens {
  constructor(
    @Inject(JWT_SIGNING_KEY) private readonly signingKey: string,
    private readonly jwt: JwtService,
  ) {}

  async issue(credentialId: string): Promise<OwnerSession> {
    const token = await this.jwt.signAsync(
      { sub: OWNER_AUDIENCE, cred: credentialId },
      {
        secret: this.signingKey,
        algorithm: JWT_ALGORITHM,
        audience: OWNER_AUDIENCE,
        expiresIn: OWNER_TOKEN_SECONDS,
      },
    );
    return { token, expiresIn: OWNER_TOKEN_SECONDS };
  }

  /** The passkey an owner token names; undefined for any token that is not a valid owner's. */
  async credentialOf(token: string): Promise<string | undefined> {
    const claims = await this.jwt
      .verifyAsync<OwnerClaims>(token, {
        secret: this.signingKey,
        algorithms: [JWT_ALGORITHM],
        audience: OWNER_AUDIENCE,
      })
      .catch(() => undefined);
    if (!claims || claims.sub !== OWNER_AUDIENCE || typeof claims.exp !== 'number') return;
    return typeof claims.cred === 'string' ? claims.cred : undefined;
  }
}
