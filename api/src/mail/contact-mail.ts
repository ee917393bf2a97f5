import { ContactMessageDto } from './contact-message.dto';

export interface ContactMail {
  subject: string;
  text: string;
  replyTo: { name: string; address: string };
}

/** The mail the owner receives for one contact message. */
export function composeContactMail({ name, email, message }: ContactMessageDto): ContactMail {
  return {
    subject: `Kontaktanfrage von ${name}`,
    replyTo: { name, address: email },
    text: [
      'Neue Nachricht über das Kontaktformular der Portfolio-Website.',
      '',
      `Name: ${name}`,
      `E-Mail: ${email}`,
      '',
      'Nachricht:',
      message,
      '',
    ].join('\n'),
  };
}
