import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { JWT_SIGNING_KEY } from './jwt-signing-key.provider';

export const JWT_ALGORITHM = 'HS256';

export interface AuthenticatedUser {
  username: string;
}

interface TokenPayload {
  sub?: unknown;
  exp?: unknown;
}

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy) {
  constructor(@Inject(JWT_SIGNING_KEY) signingKey: string) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      secretOrKey: signingKey,
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  // jsonwebtoken accepts tokens without `exp`; a token that never expires is refused here.
  validate(payload: TokenPayload): AuthenticatedUser {
    if (typeof payload.exp !== 'number' || typeof payload.sub !== 'string') {
      throw new UnauthorizedException();
    }
    return { username: payload.sub };
  }
}
