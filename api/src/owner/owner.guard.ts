import {
  CanActivate,
  ExecutionContext,
  Injectable,
  Logger,
  UnauthorizedException,
  UseGuards,
  applyDecorators,
  createParamDecorator,
} from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../common/public.decorator';
import { RefusalLog, clip } from '../common/refusal-log';
import { OwnerPasskeyStore } from './owner-passkey-store';
import { OwnerClaims, OwnerTokens } from './owner-token';

type OwnerRequest = Request & { owner?: OwnerClaims };

/**
 * Lets only the owner through: a valid owner token (owner-token.ts), not logged out, whose
 * passkey still exists; its claims go to the route (SignedIn). The applicants' global guard
 * would refuse the owner's token, so these routes leave it out (Public) and are guarded here.
 */
@Injectable()
export class OwnerGuard implements CanActivate {
  private readonly refusals = new RefusalLog(new Logger('Owner'), 'no owner token');

  constructor(
    private readonly passkeys: OwnerPasskeyStore,
    private readonly tokens: OwnerTokens,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<OwnerRequest>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    const claims = scheme === 'Bearer' && token ? await this.tokens.verify(token) : undefined;
    if (claims && (await this.passkeys.find(claims.passkeyId))) {
      request.owner = claims;
      return true;
    }
    this.refusals.warn(
      `Refused ${request.method} ${clip(request.path)} from ${request.ip}: no owner token`,
    );
    throw new UnauthorizedException();
  }
}

/** A route of the owner's page: the owner's token, never an applicant's. */
export const OwnerOnly = () => applyDecorators(Public(), UseGuards(OwnerGuard));

/** The claims of the owner's token a guarded route was called with. */
export const SignedIn = createParamDecorator(
  (_data: unknown, context: ExecutionContext): OwnerClaims =>
    context.switchToHttp().getRequest<OwnerRequest>().owner as OwnerClaims,
);
