// scrypt runs on libuv's thread pool, which file reads and writes share (4
// threads by default). Unbounded parallel logins would starve every document
// download; at most two hashes run at a time and a few more wait their turn.
// A login beyond that is refused (429) rather than queued without end.
import { HttpException, HttpStatus } from '@nestjs/common';
import { TOO_MANY_REQUESTS } from '../common/rate-limit';

export const SCRYPT_RUNNING_MAX = 2;
export const SCRYPT_WAITING_MAX = 4;

export class ScryptSlots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < SCRYPT_RUNNING_MAX) {
      this.running += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= SCRYPT_WAITING_MAX)
      throw new HttpException(TOO_MANY_REQUESTS, HttpStatus.TOO_MANY_REQUESTS);
    // The slot passes straight to the next waiter: `running` stays counted.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
