// Refused requests are the one kind of log line a stranger can produce at
// will. Each line keeps a bounded prefix of what the client sent (a 6 KB path
// is logged as its first characters), and each kind of refusal writes at
// most LINES_PER_MINUTE lines a minute, then one line counting the rest.
import { Logger } from '@nestjs/common';

export const CLIENT_TEXT_MAX = 120;
const LINES_PER_MINUTE = 20;
const MINUTE_MS = 60_000;

/**
 * The first CLIENT_TEXT_MAX characters of text a client chose, marked when
 * cut, its control characters escaped so that it cannot start a log line.
 */
export function clip(text: string | undefined): string {
  const value = String(text ?? '').replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return value.length > CLIENT_TEXT_MAX
    ? `${value.slice(0, CLIENT_TEXT_MAX)}… (${value.length} characters)`
    : value;
}

export class RefusalLog {
  private windowStart = 0;
  private written = 0;
  private leftOut = 0;

  constructor(
    private readonly logger: Logger,
    private readonly kind: string,
  ) {}

  warn(message: string, now = Date.now()): void {
    if (now - this.windowStart >= MINUTE_MS) {
      if (this.leftOut > 0)
        this.logger.warn(
          `${this.leftOut} more lines of "${this.kind}" left out in the last minute`,
        );
      this.windowStart = now;
      this.written = 0;
      this.leftOut = 0;
    }
    if (this.written < LINES_PER_MINUTE) {
      this.written += 1;
      this.logger.warn(message);
    } else this.leftOut += 1;
  }
}
