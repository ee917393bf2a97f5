/** Loose on purpose: text, an at-sign, text, a dot, text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

export interface ContactFields {
  name: string;
  email: string;
  message: string;
  /** Honeypot: invisible to people, so only bots fill it. */
  referrer: string;
}

export function isValidContact(fields: ContactFields): boolean {
  return (
    fields.name.trim() !== '' &&
    EMAIL_PATTERN.test(fields.email.trim()) &&
    fields.message.trim() !== '' &&
    fields.referrer === ''
  );
}
