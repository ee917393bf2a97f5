import { Body, Controller, HttpCode, Post, applyDecorators } from '@nestjs/common';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { Public } from '../common/public.decorator';
import { RateLimit } from '../common/rate-limit';
import { SetupOptionsDto, SetupVerifyDto, SignInDto } from './owner.dto';
import type { OwnerSession } from './owner-views';
import { PasskeyService } from './passkey.service';
import { From, RequestFrom } from './request-from';

/**
 * A public step of the owner's sign-in, under the applicants' login rate limit. There is no
 * account lockout as for the shared password: a passkey cannot be guessed, and a lockout
 * would only let a stranger keep the owner out.
 */
const SignInStep = (path: string, status: 200 | 201 = 200) =>
  applyDecorators(Public(), RateLimit('login'), Post(path), HttpCode(status));

/** Registering a passkey with a setup link, and signing in with one. */
@Controller('owner')
export class OwnerSignInController {
  constructor(private readonly passkeys: PasskeyService) {}

  @SignInStep('setup/options')
  setupOptions(@Body() body: SetupOptionsDto): Promise<PublicKeyCredentialCreationOptionsJSON> {
    return this.passkeys.registrationOptions(body.setupToken ?? '');
  }

  @SignInStep('setup/verify', 201)
  setupVerify(@Body() body: SetupVerifyDto, @From() from: RequestFrom): Promise<OwnerSession> {
    return this.passkeys.register(body.setupToken ?? '', body.response, from);
  }

  @SignInStep('login/options')
  signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return this.passkeys.signInOptions();
  }

  @SignInStep('login/verify')
  signIn(@Body() body: SignInDto, @From() from: RequestFrom): Promise<OwnerSession> {
    return this.passkeys.signIn(body.response, from);
  }
}
