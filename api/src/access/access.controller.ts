import {
  Body,
  Controller,
  HttpCode,
  Logger,
  Post,
  Req,
  UnauthorizedException,
} from '@nestjs/common';
import type { Request } from 'express';
import { AuthService } from '../auth/auth.service';
import { Public } from '../common/public.decorator';
import { RateLimit } from '../common/rate-limit';
import { RefusalLog } from '../common/refusal-log';
import { AccessCodeDto } from './access-code.dto';
import { AccessService } from './access.service';

/**
 * POST /api/auth/access: a personal access link's code for the same kind of
 * token the login gives, under the login's rate limit. The code is never logged.
 */
@Controller('auth')
export class AccessController {
  private readonly logger = new Logger('Auth');
  private readonly refusals = new RefusalLog(this.logger, 'access code refused');

  constructor(
    private readonly access: AccessService,
    private readonly auth: AuthService,
  ) {}

  @Public()
  @RateLimit('login')
  @Post('access')
  @HttpCode(200)
  async exchange(
    @Body() body: AccessCodeDto,
    @Req() request: Request,
  ): Promise<{ success: true; token: string }> {
    const access = await this.access.redeem(body.code ?? '');
    if (!access) {
      this.refusals.warn(`Access code refused from ${request.ip}`);
      throw new UnauthorizedException({
        success: false,
        message: 'Invalid or expired access code',
      });
    }
    this.logger.log(`Access "${access.label}" opened from ${request.ip}`);
    return { success: true, token: await this.auth.issueToken(access) };
  }
}
