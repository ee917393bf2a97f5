// The owner's passkeys: registering one with a setup link, signing in with
// one, listing and removing them. The WebAuthn checks are
// @simplewebauthn/server's; what is ours is which challenge, origin and
// RP ID it must see (relying-party.ts) and what is stored. The owner is one
// person, so sign-in asks for a discoverable credential (no user name).
import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  Logger,
  OnModuleInit,
  UnauthorizedException,
} from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL } from '@simplewebauthn/server/helpers';
import { RefusalLog, clip } from '../common/refusal-log';
import { AppConfig, appConfig } from '../config/app-config';
import { CeremonyChallenges } from './ceremony-challenges';
import { OwnerPasskey, OwnerPasskeyStore } from './owner-passkey-store';
import { OwnerSetupStore, setupLink } from './owner-setup-store';
import { OwnerSession, OwnerTokens } from './owner-token';
import { passkeyProblem, relyingParty } from './relying-party';

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
const registering = (setupToken: string) => `register ${setupToken}`;

/** What the owner's page lists of a passkey: never its key. */
export interface PasskeyView {
  id: string;
  label: string;
  createdAt: string;
  lastUsedAt: string | null;
}

@Injectable()
export class PasskeyService implements OnModuleInit {
  private readonly logger = new Logger('Owner');
  private readonly refusals = new RefusalLog(this.logger, 'passkey refused');
  private readonly passkeys: OwnerPasskeyStore;
  private readonly setups: OwnerSetupStore;
  private readonly challenges = new CeremonyChallenges();
  private readonly siteUrl: string;

  constructor(
    @Inject(appConfig.KEY) config: AppConfig,
    private readonly tokens: OwnerTokens,
  ) {
    this.passkeys = new OwnerPasskeyStore(config.access.dir);
    this.setups = new OwnerSetupStore(config.access.dir);
    this.siteUrl = config.access.siteUrl;
  }

  /** A damaged store stops the start, as the access store does. */
  async onModuleInit(): Promise<void> {
    await this.passkeys.read();
    await this.setups.read();
  }

  async registrationOptions(setupToken: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const party = this.usableParty();
    if (!(await this.setups.isOpen(setupToken))) throw this.setupRefused();
    const existing = await this.passkeys.read();
    const options = await generateRegistrationOptions({
      rpName: party.name,
      rpID: party.id,
      userID: OWNER_USER_ID,
      userName: 'Verwaltung',
      userDisplayName: 'Portfolio-Verwaltung',
      attestationType: 'none',
      excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      challenge: this.challenges.issue(registering(setupToken)),
    });
    return options;
  }

  /** Stores the new passkey, uses the setup link up and signs the owner in. */
  async register(setupToken: string, response: RegistrationResponseJSON): Promise<OwnerSession> {
    if (!(await this.setups.isOpen(setupToken))) throw this.setupRefused();
    const party = relyingParty(this.siteUrl);
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
    const passkey = await this.passkeys.add({
      id: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    });
    this.logger.log(`Passkey "${passkey.label}" registered`);
    return this.tokens.issue(passkey.id);
  }

  async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const party = this.usableParty();
    const options = await generateAuthenticationOptions({
      rpID: party.id,
      allowCredentials: [],
      userVerification: 'required',
      challenge: this.challenges.issue(SIGNING_IN),
    });
    return options;
  }

  async signIn(response: AuthenticationResponseJSON): Promise<OwnerSession> {
    const passkey =
      typeof response.id === 'string' ? await this.passkeys.find(response.id) : undefined;
    if (!passkey) {
      // Taken all the same: a challenge counts as used once a response has come back with it.
      this.challenges.take(challengeOf(response), SIGNING_IN);
      this.refused('sign-in refused: unknown passkey');
      throw new UnauthorizedException(SIGN_IN_REFUSED);
    }
    const party = relyingParty(this.siteUrl);
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => this.challenges.take(challenge, SIGNING_IN),
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      credential: {
        id: passkey.id,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    }).catch((error: Error) => this.refused(`sign-in refused: ${error.message}`));
    if (!verification?.verified) {
      if (verification) this.refused('sign-in refused: the signature does not verify');
      throw new UnauthorizedException(SIGN_IN_REFUSED);
    }
    await this.passkeys.used(passkey.id, verification.authenticationInfo.newCounter);
    this.logger.log(`Owner signed in with passkey "${passkey.label}"`);
    return this.tokens.issue(passkey.id);
  }

  async list(): Promise<PasskeyView[]> {
    return (await this.passkeys.read()).map(view);
  }

  /** Removes a passkey; tokens it signed in stop working at once (owner.guard.ts). */
  async remove(id: string): Promise<PasskeyView | undefined> {
    const removed = await this.passkeys.remove(id);
    if (removed) this.logger.log(`Passkey "${removed.label}" removed`);
    return removed && view(removed);
  }

  /** A link for one more device, as make owner-setup prints it. */
  async newSetupLink(): Promise<{ url: string; expiresAt: string }> {
    const { token, expiresAt } = await this.setups.create();
    return { url: setupLink(this.siteUrl, token), expiresAt };
  }

  private usableParty() {
    const problem = passkeyProblem(this.siteUrl);
    if (problem) throw new ConflictException(problem);
    return relyingParty(this.siteUrl);
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

function challengeOf(response: AuthenticationResponseJSON): string {
  try {
    return decodeClientDataJSON(response.response.clientDataJSON).challenge;
  } catch {
    return '';
  }
}
