import {
  CanActivate,
  ExecutionContext,
  Inject,
  Injectable,
  Logger,
  UnauthorizedException,
  UseGuards,
  applyDecorators,
} from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../common/public.decorator';
import { RefusalLog, clip } from '../common/refusal-log';
import { AppConfig, appConfig } from '../config/app-config';
import { OwnerPasskeyStore } from './owner-passkey-store';
import { OwnerTokens } from './owner-token';

/**
 * Lets only the owner through: a valid owner token (owner-token.ts) whose passkey still
 * exists. The applicants' global guard would refuse the owner's token, so these routes
 * leave it out (Public) and are guarded here instead.
 */
@Injectable()
export class OwnerGuard implements CanActivate {
  private readonly refusals = new RefusalLog(new Logger('Owner'), 'no owner token');
  private readonly passkeys: OwnerPasskeyStore;

  constructor(
    @Inject(appConfig.KEY) config: AppConfig,
    private readonly tokens: OwnerTokens,
  ) {
    this.passkeys = new OwnerPasskeyStore(config.access.dir);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    const credential =
      scheme === 'Bearer' && token ? await this.tokens.credentialOf(token) : undefined;
    if (credential && (await this.passkeys.find(credential))) return true;
    this.refusals.warn(
      `Refused ${request.method} ${clip(request.path)} from ${request.ip}: no owner token`,
    );
    throw new UnauthorizedException();
  }
}

/** A route of the owner's page: the owner's token, never an applicant's. */
export const OwnerOnly = () => applyDecorators(Public(), UseGuards(OwnerGuard));
