import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { IsArray, IsIn, IsNumber, IsObject, IsString, Optional } from '../common/validators';
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

// The sections a link sees, checked against the manifest by the access changes (the
// messages of make access-sections); none given: every section.
export class SectionsDto {
  @Optional()
  @IsArray()
  @IsString({ each: true })
  sections?: string[];
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
}

export class ConfirmationOptionsDto {
  @IsIn(OWNER_CHANGES)
  change!: OwnerChange;

  /** The passkey a removal is for. */
  @Optional()
  @IsString()
  passkeyId?: string;
}

// Missing, it is a refused change (403), as with any confirmation that does not verify.
export class ConfirmedDto {
  @Optional()
  @IsObject()
  confirmation?: AuthenticationResponseJSON;
}
