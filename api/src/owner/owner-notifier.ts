// Tells the owner by mail, at once and through the durable outbox, of every
// change to the means of signing in: a passkey registered, a passkey
// removed, a setup link made on the page. Each says when, from which
// address and which passkey, so a stranger's change does not go unnoticed;
// none can be turned off. The commands on the server do not mail: whoever
// runs them holds the server itself.
import { Injectable } from '@nestjs/common';
import { localTime } from '../common/swiss-time';
import { MailService } from '../mail/mail.service';
import { OwnerPasskey } from './owner-passkey-store';
import { RequestFrom } from './request-from';

const NOT_YOU = [
  'Waren das nicht Sie? Auf dem Server zeigt make owner-passkeys alle Passkeys;',
  'make owner-passkeys REMOVE=<ID> entfernt einen, samt seinen Sitzungen.',
];

@Injectable()
export class OwnerNotifier {
  constructor(private readonly mail: MailService) {}

  registered(passkey: OwnerPasskey, from: RequestFrom, now = Date.now()): Promise<void> {
    return this.send(`Neuer Passkey für die Verwaltung: „${passkey.label}“`, [
      `Am ${at(now)} wurde ein Passkey für die Seite /verwaltung registriert.`,
      '',
      `Passkey: ${passkey.label}`,
      `Adresse: ${from.address}`,
    ]);
  }

  removed(
    removed: OwnerPasskey,
    by: OwnerPasskey,
    from: RequestFrom,
    now = Date.now(),
  ): Promise<void> {
    return this.send(`Passkey „${removed.label}“ entfernt`, [
      `Am ${at(now)} wurde der Passkey „${removed.label}“ von der Seite /verwaltung entfernt.`,
      '',
      `Bestätigt mit dem Passkey: ${by.label}`,
      `Adresse: ${from.address}`,
    ]);
  }

  setupLink(
    by: OwnerPasskey,
    expiresAt: string,
    from: RequestFrom,
    now = Date.now(),
  ): Promise<void> {
    return this.send('Einrichtungslink für ein weiteres Gerät erstellt', [
      `Am ${at(now)} wurde auf der Seite /verwaltung ein Einrichtungslink erstellt,`,
      `gültig bis ${localTime(expiresAt)}: damit lässt sich ein weiterer Passkey registrieren.`,
      '',
      `Bestätigt mit dem Passkey: ${by.label}`,
      `Adresse: ${from.address}`,
    ]);
  }

  // Stored before the change is answered; a failure to store is logged, never thrown.
  private send(subject: string, lines: string[]): Promise<void> {
    return this.mail.notifyOwner(subject, [...lines, '', ...NOT_YOU, ''].join('\n'));
  }
}

const at = (now: number) => localTime(new Date(now).toISOString());
