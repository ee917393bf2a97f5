// A passkey's assertion made for one purpose: a sign-in, or the owner's
// confirmation of one change (owner-changes.service.ts). The WebAuthn checks
// are @simplewebauthn/server's; what is ours is which challenge, origin, RP
// ID and passkey it must show (relying-party.ts, ceremony-challenges.ts),
// user verification always required, and the counter that is stored.
import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { RefusalLog, clip } from '../common/refusal-log';
import { AppConfig, appConfig } from '../config/app-config';
import { CeremonyChallenges } from './ceremony-challenges';
import { webAuthn } from './webauthn';
import { OwnerPasskey, OwnerPasskeyStore } from './owner-passkey-store';
import { RelyingParty, passkeyProblem, relyingParty } from './relying-party';

/** The site's relying party, or a 409 naming why no browser would make a passkey for it. */
export function usableParty(siteUrl: string): RelyingParty {
  const problem = passkeyProblem(siteUrl);
  if (problem) throw new ConflictException(problem);
  return relyingParty(siteUrl);
}

@Injectable()
export class PasskeyAssertions {
  private readonly refusals = new RefusalLog(new Logger('Owner'), 'passkey refused');
  private readonly siteUrl: string;

  constructor(
    @Inject(appConfig.KEY) config: AppConfig,
    private readonly passkeys: OwnerPasskeyStore,
    private readonly challenges: CeremonyChallenges,
  ) {
    this.siteUrl = config.access.siteUrl;
  }

  /** Options for an assertion for `purpose`; with `only`, no other passkey may answer. */
  async options(
    purpose: string,
    only?: OwnerPasskey,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const party = usableParty(this.siteUrl);
    const { generateAuthenticationOptions } = await webAuthn();
    return generateAuthenticationOptions({
      rpID: party.id,
      allowCredentials: only ? [{ id: only.id, transports: only.transports }] : [],
      userVerification: 'required',
      challenge: this.challenges.issue(purpose),
    });
  }

  /**
   * The passkey that made `response` for `purpose` (and is `only`, when given), its use
   * recorded; undefined, and a line in the log, for any other response.
   */
  async verify(
    response: AuthenticationResponseJSON | undefined,
    purpose: string,
    only?: string,
  ): Promise<OwnerPasskey | undefined> {
    const id = typeof response?.id === 'string' ? response.id : undefined;
    const passkey = id && (!only || id === only) ? await this.passkeys.find(id) : undefined;
    if (!response || !passkey) {
      // Taken all the same: a challenge counts as used once a response has come back with it.
      if (response) this.challenges.take(challengeOf(response), purpose);
      return this.refused(purpose, response ? 'not the expected passkey' : 'no assertion');
    }
    const party = relyingParty(this.siteUrl);
    const { verifyAuthenticationResponse } = await webAuthn();
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => this.challenges.take(challenge, purpose),
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
      credential: {
        id: passkey.id,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
    }).catch((error: Error) => this.refused(purpose, error.message));
    if (!verification?.verified) {
      if (verification) this.refused(purpose, 'the signature does not verify');
      return undefined;
    }
    await this.passkeys.used(passkey.id, verification.authenticationInfo.newCounter);
    return passkey;
  }

  // What a check found wrong, for the operator; never a token or a key.
  private refused(purpose: string, why: string): undefined {
    this.refusals.warn(`Passkey ${purpose.split(' ')[0]} refused: ${clip(why)}`);
    return undefined;
  }
}

function challengeOf(response: AuthenticationResponseJSON): string {
  try {
    const clientData = Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8');
    return String((JSON.parse(clientData) as { challenge?: unknown }).challenge ?? '');
  } catch {
    return '';
  }
}
