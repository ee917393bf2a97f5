import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { Type } from 'class-transformer';
import {
  IsArray,
  IsIn,
  IsNumber,
  IsObject,
  IsString,
  Matches,
  MaxLength,
  Optional,
  ValidateNested,
} from '../common/validators';
import { OWNER_CHANGES, type OwnerChange } from './owner-changes.service';

// A missing or empty setup token is a refused link (401), as an empty password is a failed
// login; the WebAuthn responses are checked whole by @simplewebauthn/server.

export class SetupOptionsDto {
  @Optional()
  @IsString()
  setupToken?: string;
}

export class SetupVerifyDto extends SetupOptionsDto {
  @IsObject()
  response!: RegistrationResponseJSON;
}

export class SignInDto {
  @IsObject()
  response!: AuthenticationResponseJSON;
}

// Missing, it is a refused change (403), as with any confirmation that does not verify.
export class ConfirmedDto {
  @Optional()
  @IsObject()
  confirmation?: AuthenticationResponseJSON;
}

// The sections a link sees, checked against the manifest by the access changes (the
// messages of make access-sections); none given: every section there is now. Wider than
// before, they need the owner's confirmation.
export class SectionsDto extends ConfirmedDto {
  @Optional()
  @IsArray()
  @IsString({ each: true })
  sections?: string[];
}

// Whether a link's PDFs carry its name on every page; off shows a company more
// (pages that do not say whom they were sent to) and needs a confirmation.
export class StampDto extends ConfirmedDto {
  @IsIn([true, false])
  on!: boolean;
}

/** The first PDF a new link is made with, which the same confirmation lets in. */
export class FirstLetterDto {
  @IsString()
  name!: string;

  @IsNumber({ allowNaN: false, allowInfinity: false })
  size!: number;

  @Matches(/^[0-9a-f]{64}$/)
  sha256!: string;
}

// The name and the number of days are checked by the access store, with the messages
// make access-add shows.
export class NewAccessDto extends SectionsDto {
  @Optional()
  @IsString()
  name?: string;

  @Optional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  days?: number;

  @Optional()
  @ValidateNested()
  @Type(() => FirstLetterDto)
  letter?: FirstLetterDto;
}

export class ConfirmationOptionsDto {
  @IsIn(OWNER_CHANGES)
  change!: OwnerChange;

  /** The passkey a removal is for. */
  @Optional()
  @IsString()
  passkeyId?: string;

  /** What a change to a link names (change-targets.ts). */
  @Optional()
  @IsString()
  @MaxLength(4000)
  target?: string;
}
