import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { AccessHolder, AccessService } from '../access/access.service';
import { JWT_SIGNING_KEY } from './jwt-signing-key.provider';

export const JWT_ALGORITHM = 'HS256';

/** One user whichever way in; an access link's token also names its access. */
export interface AuthenticatedUser extends AccessHolder {
  username: string;
}

interface TokenPayload {
  sub?: unknown;
  exp?: unknown;
  acc?: unknown;
  aud?: unknown;
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(
    @Inject(JWT_SIGNING_KEY) signingKey: string,
    private readonly accesses: AccessService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: signingKey,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  // jsonwebtoken accepts tokens without `exp`; a token that never expires is refused here.
  // The applicants' tokens name no audience; one that does (the owner's, `aud: "owner"`)
  // is not theirs to use, even if it were signed with this key.
  // An access link's token holds only while its access does: revoked or expired is a 401.
  async validate(payload: TokenPayload): Promise<AuthenticatedUser> {
    if (
      typeof payload.exp !== 'number' ||
      typeof payload.sub !== 'string' ||
      payload.aud !== undefined
    ) {
      throw new UnauthorizedException();
    }
    if (payload.acc === undefined) return { username: payload.sub };
    const access =
      typeof payload.acc === 'string' ? await this.accesses.activeAccess(payload.acc) : undefined;
    if (!access) throw new UnauthorizedException();
    const { id, label, createdAt, sections, letters, stamp } = access;
    return { username: payload.sub, access: { id, label, createdAt, sections, letters, stamp } };
  }
}
