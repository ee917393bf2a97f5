// The owner's passkeys: registering one with a setup link, signing in with
// one, listing them. The WebAuthn checks are @simplewebauthn/server's; what
// is ours is which challenge, origin and RP ID it must see (relying-party.ts,
// ceremony-challenges.ts) and what is stored. The owner is one person, so
// sign-in asks for a discoverable credential (no user name).
import {
  BadRequestException,
  Inject,
  Injectable,
  Logger,
  OnModuleInit,
  UnauthorizedException,
} from '@nestjs/common';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { RefusalLog, clip } from '../common/refusal-log';
import { AppConfig, appConfig } from '../config/app-config';
import { CeremonyChallenges } from './ceremony-challenges';
import { webAuthn } from './webauthn';
import { OwnerNotifier } from './owner-notifier';
import { OwnerPasskey, OwnerPasskeyStore } from './owner-passkey-store';
import { OwnerSetupStore } from './owner-setup-store';
import { OwnerTokens } from './owner-token';
import type { OwnerSession, PasskeyView } from './owner-views';
import { PasskeyAssertions, usableParty } from './passkey-assertions';
import { relyingParty } from './relying-party';
import { RequestFrom } from './request-from';

export const SETUP_REFUSED =
  'Dieser Einrichtungslink ist ungültig, abgelaufen oder schon benutzt. Neuen Link mit make owner-setup.';
export const REGISTRATION_FAILED = 'Der Passkey konnte nicht registriert werden.';
export const SIGN_IN_REFUSED = 'Anmeldung mit diesem Passkey nicht möglich.';

// The same WebAuthn user for every passkey of the owner: a phone that already
// holds one for this site replaces it rather than adding a second entry.
const OWNER_USER_ID = new TextEncoder().encode('portfolio-owner');

// What a challenge is for (ceremony-challenges.ts): a sign-in, or the registration with
// one setup link.
const SIGNING_IN = 'sign-in';
const registering = (setupToken: string) => `registration ${setupToken}`;

@Injectable()
export class PasskeyService implements OnModuleInit {
  private readonly logger = new Logger('Owner');
  private readonly refusals = new RefusalLog(this.logger, 'passkey refused');
  private readonly siteUrl: string;

  constructor(
    @Inject(appConfig.KEY) config: AppConfig,
    private readonly passkeys: OwnerPasskeyStore,
    private readonly tokens: OwnerTokens,
    private readonly challenges: CeremonyChallenges,
    private readonly assertions: PasskeyAssertions,
    private readonly notifier: OwnerNotifier,
    private readonly setups: OwnerSetupStore,
  ) {
    this.siteUrl = config.access.siteUrl;
  }

  /** A damaged store stops the start, as the access store does. */
  async onModuleInit(): Promise<void> {
    await this.passkeys.read();
    await this.setups.read();
  }

  async registrationOptions(setupToken: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const party = usableParty(this.siteUrl);
    if (!(await this.setups.isOpen(setupToken))) throw this.setupRefused();
    const existing = await this.passkeys.read();
    const { generateRegistrationOptions } = await webAuthn();
    return generateRegistrationOptions({
      rpName: party.name,
      rpID: party.id,
      userID: OWNER_USER_ID,
      userName: 'Verwaltung',
      userDisplayName: 'Portfolio-Verwaltung',
      attestationType: 'none',
      excludeCredentials: existing.map(({ id, transports }) => ({
        id,
        transports: transports,
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      challenge: this.challenges.issue(registering(setupToken)),
    });
  }

  /** Stores the new passkey, uses the setup link up, tells the owner and signs them in. */
  async register(
    setupToken: string,
    response: RegistrationResponseJSON,
    from: RequestFrom,
  ): Promise<OwnerSession> {
    if (!(await this.setups.isOpen(setupToken))) throw this.setupRefused();
    const party = relyingParty(this.siteUrl);
    const { verifyRegistrationResponse } = await webAuthn();
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => this.challenges.take(challenge, registering(setupToken)),
      expectedOrigin: party.origin,
      expectedRPID: party.id,
    }).catch((error: Error) => this.refused(`registration failed: ${error.message}`));
    if (!verification?.verified) throw new BadRequestException(REGISTRATION_FAILED);
    const { credential } = verification.registrationInfo;
    if (await this.passkeys.find(credential.id)) {
      this.refused('registration failed: the passkey is registered already');
      throw new BadRequestException(REGISTRATION_FAILED);
    }
    if (!(await this.setups.consume(setupToken))) throw this.setupRefused();
    const passkey = await this.passkeys.add(
      {
        id: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
      },
      from.userAgent,
    );
    this.logger.log(`Passkey "${passkey.label}" registered from ${from.address}`);
    await this.notifier.registered(passkey, from);
    return this.tokens.issue(passkey.id);
  }

  signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return this.assertions.options(SIGNING_IN);
  }

  async signIn(response: AuthenticationResponseJSON, from: RequestFrom): Promise<OwnerSession> {
    const passkey = await this.assertions.verify(response, SIGNING_IN);
    if (!passkey) throw new UnauthorizedException(SIGN_IN_REFUSED);
    this.logger.log(`Owner signed in with passkey "${passkey.label}" from ${from.address}`);
    return this.tokens.issue(passkey.id);
  }

  async list(): Promise<PasskeyView[]> {
    return (await this.passkeys.read()).map(view);
  }

  private setupRefused(): UnauthorizedException {
    this.refused('setup link refused');
    return new UnauthorizedException(SETUP_REFUSED);
  }

  // What a library check found wrong, for the operator; never a token or a key.
  private refused(why: string): undefined {
    this.refusals.warn(`Passkey ${clip(why)}`);
    return undefined;
  }
}

function view({ id, label, createdAt, lastUsedAt }: OwnerPasskey): PasskeyView {
  return { id, label, createdAt, lastUsedAt };
}
