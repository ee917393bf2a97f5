import { Controller, Get } from '@nestjs/common';
import { Public } from '../common/public.decorator';
import { Outbox, OutboxStats } from '../mail/outbox/outbox';

/** Stays 200 while mail waits in the outbox; the numbers tell the owner how much. */
@Controller('health')
export class HealthController {
  constructor(private readonly outbox: Outbox) {}

  @Public()
  @Get()
  async check(): Promise<{ status: 'ok'; mail: OutboxStats }> {
    return { status: 'ok', mail: await this.outbox.stats() };
  }
}
