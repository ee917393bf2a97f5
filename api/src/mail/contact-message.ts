// What the contact form sends to POST /api/mail; contact-message.dto.ts checks
// it, the web's form builds it (through @portfolio/api/contract). Types only.
import type { ContactLanguage } from './contact-limits';

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  /** The form's language, named in the owner's mail; a form that does not say is German. */
  language?: ContactLanguage;
}
