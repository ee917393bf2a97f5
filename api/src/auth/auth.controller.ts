import {
  applyDecorators,
  Body,
  Controller,
  HttpCode,
  Logger,
  Post,
  Req,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request } from 'express';
import { AccessCodeDto } from '../access/access-code.dto';
import { AccessService } from '../access/access.service';
import { Public } from '../common/public.decorator';
import { RateLimit } from '../common/rate-limit';
import { RefusalLog } from '../common/refusal-log';
import type { LoginAnswer, LoginRefusal } from './auth-views';
import { AuthService } from './auth.service';
import { LoginDto } from './login.dto';

/** A public way in: answered 200 with a token, under the login's rate limit. */
const WayIn = (path: string) =>
  applyDecorators(Public(), RateLimit('login'), Post(path), HttpCode(200));

/** The body of a refused way in (401). */
const refusal = (message: string): LoginRefusal => ({ success: false, message });

/**
 * The two ways in, both for the same kind of token and under the login's rate limit: the
 * owner's name and password, and a personal access link's code. Neither secret is ever logged.
 */
@Controller('auth')
export class AuthController {
  private readonly logger = new Logger('Auth');
  private readonly loginRefusals = new RefusalLog(this.logger, 'login failed');
  private readonly accessRefusals = new RefusalLog(this.logger, 'access code refused');

  constructor(
    private readonly auth: AuthService,
    private readonly accesses: AccessService,
  ) {}

  @WayIn('login')
  async login(@Body() body: LoginDto, @Req() request: Request): Promise<LoginAnswer> {
    const token = await this.auth.login(body.username ?? '', body.password ?? '');
    if (!token) {
      this.loginRefusals.warn(`Login failed from ${request.ip}`);
      throw new UnauthorizedException(refusal('Invalid username or password'));
    }
    this.logger.log(`Login succeeded from ${request.ip}`);
    return { success: true, token };
  }

  @WayIn('access')
  async exchange(@Body() body: AccessCodeDto, @Req() request: Request): Promise<LoginAnswer> {
    const access = await this.accesses.redeem(body.code ?? '');
    if (!access) {
      this.accessRefusals.warn(`Access code refused from ${request.ip}`);
      throw new UnauthorizedException(refusal('Invalid or expired access code'));
    }
    this.logger.log(`Access "${access.label}" opened from ${request.ip}`);
    return { success: true, token: await this.auth.issueToken(access) };
  }
}
