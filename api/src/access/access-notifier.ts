// Tells the owner by mail (through the durable outbox) when an access is
// used: at once the first time, later at most once per ACCESS_MAIL_INTERVAL
// per access, as one summary of what happened since the last mail.
// ACCESS_MAIL=false turns the mails off (docs/product.md#access-mails).
// A refused request is only counted: what it asked for is the requester's
// text, never the owner's mail's; and a summary lists at most KEPT entries,
// counting the rest, so a leaked link cannot grow it without bound.
import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { AppConfig, appConfig } from '../config/app-config';
import { MailService } from '../mail/mail.service';
import { AccessLogEntry } from './access-log';
import { localTime } from '../common/swiss-time';
import { actionText } from './access-texts';

interface Pending {
  label: string;
  entries: AccessLogEntry[];
  /** Uses beyond KEPT, and refused requests: counted only. */
  more: number;
  refused: number;
  timer?: NodeJS.Timeout;
}

const KEPT = 20;

const HINT = 'Alle Zugriffe: make access-log NAME="…"; widerrufen: make access-revoke NAME="…"';

@Injectable()
export class AccessNotifier implements OnModuleDestroy {
  private readonly lastMailAt = new Map<string, number>();
  private readonly pending = new Map<string, Pending>();

  constructor(
    @Inject(appConfig.KEY) private readonly config: AppConfig,
    private readonly mail: MailService,
  ) {}

  /** The access's first use ever: one mail now. */
  firstUse(accessId: string, label: string, entry: AccessLogEntry): void {
    if (!this.config.access.mail) return;
    this.lastMailAt.set(accessId, Date.now());
    void this.mail.notifyOwner(
      `Zugang „${label}“ zum ersten Mal benutzt`,
      [
        `Der Zugang „${label}“ wurde am ${localTime(entry.at)} zum ersten Mal benutzt.`,
        `Was: ${actionText(entry)}.`,
        '',
        HINT,
        '',
      ].join('\n'),
    );
  }

  /** Any later use: collected, and sent once the interval since the last mail has passed. */
  activity(accessId: string, label: string, entry: AccessLogEntry): void {
    if (!this.config.access.mail) return;
    const pending = this.pending.get(accessId) ?? { label, entries: [], more: 0, refused: 0 };
    if (entry.outcome === 'failed') pending.refused += 1;
    else if (pending.entries.length < KEPT) pending.entries.push(entry);
    else pending.more += 1;
    this.pending.set(accessId, pending);
    if (pending.timer) return;
    const due = (this.lastMailAt.get(accessId) ?? 0) + this.config.access.mailIntervalMs;
    pending.timer = setTimeout(() => this.flush(accessId), Math.max(0, due - Date.now()));
    pending.timer.unref();
  }

  // A restart sends what was collected rather than forgetting it.
  onModuleDestroy(): void {
    for (const accessId of [...this.pending.keys()]) this.flush(accessId);
  }

  private flush(accessId: string): void {
    const pending = this.pending.get(accessId);
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pending.delete(accessId);
    this.lastMailAt.set(accessId, Date.now());
    const { label, entries, more, refused } = pending;
    const total = entries.length + more + refused;
    const count = total === 1 ? 'ein weiterer Zugriff' : `${total} weitere Zugriffe`;
    void this.mail.notifyOwner(
      `Zugang „${label}“: ${count}`,
      [
        `Seit der letzten Mail zum Zugang „${label}“:`,
        '',
        ...entries.map((entry) => `- ${localTime(entry.at)}  ${actionText(entry)}`),
        ...(more > 0 ? [`- und ${more} weitere (make access-log)`] : []),
        ...(refused > 0
          ? [`- ${refused} abgelehnte Anfrage(n) nach Dateien, die es nicht gibt`]
          : []),
        '',
        HINT,
        '',
      ].join('\n'),
    );
  }
}
