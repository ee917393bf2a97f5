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
import { Public } from '../common/public.decorator';
import { RateLimit } from '../common/rate-limit';
import { RefusalLog } from '../common/refusal-log';
import { AuthService } from './auth.service';
import { LoginDto } from './login.dto';

@Controller('auth')
export class AuthController {
  private readonly logger = new Logger('Auth');
  private readonly refusals = new RefusalLog(this.logger, 'login failed');

  constructor(private readonly auth: AuthService) {}

  @Public()
  @RateLimit('login')
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: LoginDto,
    @Req() request: Request,
  ): Promise<{ success: true; token: string }> {
    const token = await this.auth.login(body.username ?? '', body.password ?? '');
    if (!token) {
      this.refusals.warn(`Login failed from ${request.ip}`);
      throw new UnauthorizedException({ success: false, message: 'Invalid username or password' });
    }
    this.logger.log(`Login succeeded from ${request.ip}`);
    return { success: true, token };
  }
}
