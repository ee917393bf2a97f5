import type { MailService } from '../mail/mail.service';
import { StampAlarm } from './stamp-alarm';
import { StampFault } from './stamp-writer';

function alarmWithMails() {
  const mails: Array<{ subject: string; text: string }> = [];
  const mail = {
    notifyOwner: async (subject: string, text: string) => void mails.push({ subject, text }),
  } as unknown as MailService;
  return { alarm: new StampAlarm(mail), mails };
}

describe('StampAlarm', () => {
  it('mails the owner once per cause until stamping works again, then again', () => {
    const { alarm, mails } = alarmWithMails();
    const full = new StampFault('ENOSPC: no space left on device', 'ENOSPC');
    alarm.fault(full);
    alarm.fault(full);
    alarm.fault(new StampFault('stamping process ended (SIGKILL)', 'crash'));
    expect(mails.map(({ text }) => text.split('\n')[3])).toEqual([
      'Ursache: Der Speicher für die gestempelten PDFs (STAMP_CACHE_DIR) ist voll.',
      'Ursache: Der Stempel-Prozess wurde beendet, bevor er fertig war (etwa vom System, bei wenig Speicher).',
    ]);
    alarm.recovered();
    alarm.fault(full);
    expect(mails).toHaveLength(3);
    expect(mails[0].subject).toBe('PDFs mit Stempel gerade nicht lieferbar');
  });
});
