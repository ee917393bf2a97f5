import { Body, Controller, HttpCode, Logger, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Public } from '../common/public.decorator';
import { RateLimit } from '../common/rate-limit';
import { RefusalLog } from '../common/refusal-log';
import { ContactMessageDto } from './contact-message.dto';
import { MailService } from './mail.service';

@Controller('mail')
export class MailController {
  private readonly refusals = new RefusalLog(new Logger('Mail'), 'honeypot filled');

  constructor(private readonly mail: MailService) {}

  @Public()
  @RateLimit('mail')
  @Post()
  @HttpCode(200)
  async send(@Body() body: ContactMessageDto, @Req() request: Request): Promise<{ success: true }> {
    if (body.referrer) {
      // Answered like a success so a bot learns nothing.
      this.refusals.warn(`Honeypot filled by ${request.ip}: nothing sent`);
      return { success: true };
    }
    await this.mail.acceptContactMessage(body, request.ip);
    return { success: true };
  }
}
