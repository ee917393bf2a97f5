import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength, Optional } from '../common/validators';
import { CONTACT_LANGUAGES, MESSAGE_MAX_LENGTH, type ContactLanguage } from './contact-limits';
import type { ContactMessage } from './contact-message';

// Text, an at-sign, text, a dot, text (docs/product.md#contact-form). Whitespace (so CR/LF) and a
// second at-sign are excluded because the address becomes the Reply-To header.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NO_CONTROL_CHARACTERS = /^[^\p{Cc}]*$/u;

// Single-line fields keep their line breaks through trimming so they are refused, not cut off.
const trimSingleLine = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.replace(/^[^\S\r\n]+|[^\S\r\n]+$/g, '') : value;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ContactMessageDto implements ContactMessage {
  @Transform(trimSingleLine)
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'name must be a single line' })
  name!: string;

  @Transform(trimSingleLine)
  @IsString()
  @MaxLength(254)
  @Matches(EMAIL_PATTERN, { message: 'email must be a valid e-mail address' })
  email!: string;

  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(MESSAGE_MAX_LENGTH)
  message!: string;

  /** The language of the form the visitor used; a form that does not say is German. */
  @Optional()
  @IsIn(CONTACT_LANGUAGES)
  language?: ContactLanguage;

  /** Honeypot: people leave it empty, bots fill it. */
  @Optional()
  @IsString()
  referrer?: string;
}
