// Tells the owner when companies got "try again shortly" instead of their
// stamped PDFs (docs/faults.md#documentszip-and-stamped-copies): one mail per
// kind of fault until stamping works again, so a full disk that lasts a week
// is one mail, and the same fault next month is a new one.
import { Injectable, Logger } from '@nestjs/common';
import { MailService } from '../mail/mail.service';
import type { StampFault } from './stamp-writer';

/** What StampCache reports to: a fault of the moment, and that stamping works again. */
export interface StampReports {
  fault(fault: StampFault): void;
  recovered(): void;
}

const WHY: Record<string, string> = {
  ENOSPC: 'Der Speicher für die gestempelten PDFs (STAMP_CACHE_DIR) ist voll.',
  crash:
    'Der Stempel-Prozess wurde beendet, bevor er fertig war (etwa vom System, bei wenig Speicher).',
};

export function stampAlarmText(fault: StampFault): string {
  return [
    'Die Website konnte PDFs für einen Zugangslink nicht stempeln und hat sie darum nicht gesendet.',
    'Die Firma sah «Bitte versuche es in einer Minute noch einmal»; ungestempelt ging nichts hinaus.',
    '',
    `Ursache: ${WHY[fault.kind] ?? fault.message}`,
    'Was tun: auf dem Pi Platz schaffen (df -h) oder die Logs ansehen (make logs).',
    '',
    'Die Website versucht es bei jedem Öffnen wieder. Diese Mail kommt einmal je Ursache,',
    'bis das Stempeln wieder gelingt.',
    '',
  ].join('\n');
}

@Injectable()
export class StampAlarm implements StampReports {
  private readonly logger = new Logger('Stamp');
  private readonly told = new Set<string>();

  constructor(private readonly mail: MailService) {}

  fault(fault: StampFault): void {
    this.logger.warn(`Stamp failed, nothing sent: ${fault.kind}: ${fault.message}`);
    if (this.told.has(fault.kind)) return;
    this.told.add(fault.kind);
    void this.mail.notifyOwner('PDFs mit Stempel gerade nicht lieferbar', stampAlarmText(fault));
  }

  recovered(): void {
    this.told.clear();
  }
}
