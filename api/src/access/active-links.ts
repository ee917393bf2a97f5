import { Injectable } from '@nestjs/common';
import type { StampLinks } from '../stamp/stamp-links';
import { accessState } from './access-record';
import { AccessStore } from './access-store';

/** The links that are active now, for the caches that keep something per link. */
@Injectable()
export class ActiveLinks implements StampLinks {
  constructor(private readonly store: AccessStore) {}

  async active(): Promise<string[] | undefined> {
    const accesses = await this.store.readAccesses().catch(() => undefined);
    return accesses?.filter((access) => accessState(access) === 'active').map(({ id }) => id);
  }
}
