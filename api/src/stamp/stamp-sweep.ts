import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { startSweeping } from '../common/download-cache';
import { StampCache } from './stamp-cache';
import { StampLinks } from './stamp-links';

/**
 * Drops the stamped copies of links that ended, and what a killed stamping
 * left, at start and on the download caches' timer: a company's copies do not
 * outlive its link on a site where nobody downloads another.
 */
@Injectable()
export class StampSweep implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Stamp');
  private stop = () => {};

  constructor(
    private readonly cache: StampCache,
    private readonly links: StampLinks,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.sweep();
    this.stop = startSweeping('stamp cache', () => this.sweep(), this.logger);
  }

  onModuleDestroy(): void {
    this.stop();
  }

  private async sweep(): Promise<void> {
    const links = await this.links.active();
    if (links) await this.cache.keepOnly(links);
  }
}
