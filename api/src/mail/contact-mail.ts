import type { ContactLanguage } from './contact-limits';
import { ContactMessageDto } from './contact-message.dto';

export interface ContactMail {
  subject: string;
  text: string;
  replyTo: { name: string; address: string };
}

/** The language names as the owner reads them: the mail is German whatever the form's language. */
const LANGUAGE_NAMES: Record<ContactLanguage, string> = { de: 'Deutsch', en: 'Englisch' };

/** The mail the owner receives for one contact message. */
export function composeContactMail({
  name,
  email,
  message,
  language = 'de',
}: ContactMessageDto): ContactMail {
  return {
    subject: `Kontaktanfrage von ${name}`,
    replyTo: { name, address: email },
    text: [
      'Neue Nachricht über das Kontaktformular der Portfolio-Website.',
      '',
      `Name: ${name}`,
      `E-Mail: ${email}`,
      `Sprache des Formulars: ${LANGUAGE_NAMES[language]}`,
      '',
      'Nachricht:',
      message,
      '',
    ].join('\n'),
  };
}
