// A passkey in software, for the owner's sign-in tests: an EC P-256 key made
// with node:crypto that answers WebAuthn's registration and sign-in the way a
// phone does (attestation "none", a discoverable credential), built with the
// CBOR and COSE helpers of @simplewebauthn/server, which the API verifies with.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { cose, isoCBOR } from '@simplewebauthn/server/helpers';

// User present, user verified; AT: attested credential data follows.
const UP = 0x01;
const UP_UV = UP | 0x04;
const AT = 0x40;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value);
  return bytes;
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;
  private userHandle = '';

  /**
   * `synced`: the counter stays 0, as synced passkeys (iCloud Keychain, Google Password
   * Manager) report it, so only the consumed challenge can refuse a replayed assertion.
   */
  constructor(
    private readonly origin: string,
    private readonly synced = false,
  ) {
    ({ privateKey: this.privateKey, publicKey: this.publicKey } = generateKeyPairSync('ec', {
      namedCurve: 'P-256',
    }));
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer to registration options: a new credential for their RP. */
  register(options: PublicKeyCredentialCreationOptionsJSON): RegistrationResponseJSON {
    this.userHandle = options.user.id;
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', this.authData(options.rp.id ?? '', true)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    const clientDataJSON = this.clientData('webauthn.create', options.challenge);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /**
   * The answer to sign-in options; `signWith` another key makes a signature that does not
   * verify, `challenge` one the server never gave, `userVerified: false` a mere touch
   * without PIN or fingerprint.
   */
  signIn(
    options: Pick<PublicKeyCredentialRequestOptionsJSON, 'rpId' | 'challenge'>,
    {
      signWith = this.privateKey,
      userVerified = true,
    }: { signWith?: KeyObject; userVerified?: boolean } = {},
  ): AuthenticationResponseJSON {
    if (!this.synced) this.counter += 1;
    const authenticatorData = this.authData(options.rpId ?? '', false, userVerified);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signed = Buffer.concat([
      authenticatorData,
      sha256(Buffer.from(clientDataJSON, 'base64url')),
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON,
        authenticatorData: b64url(authenticatorData),
        signature: b64url(sign('sha256', signed, signWith)),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }

  private authData(rpId: string, withCredential: boolean, userVerified = true): Buffer {
    const flags = (userVerified ? UP_UV : UP) | (withCredential ? AT : 0);
    const head = Buffer.concat([sha256(rpId), Buffer.from([flags]), uint32(this.counter)]);
    if (!withCredential) return head;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([
      head,
      Buffer.alloc(16), // AAGUID: none, as attestation "none" gives
      length,
      this.credentialId,
      this.coseKey(),
    ]);
  }

  private coseKey(): Uint8Array {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const key = new Map<number, unknown>([
      [cose.COSEKEYS.kty, cose.COSEKTY.EC2],
      [cose.COSEKEYS.alg, cose.COSEALG.ES256],
      [cose.COSEKEYS.crv, cose.COSECRV.P256],
      [cose.COSEKEYS.x, Buffer.from(jwk.x ?? '', 'base64url')],
      [cose.COSEKEYS.y, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    return isoCBOR.encode(key as Parameters<typeof isoCBOR.encode>[0]);
  }

  private clientData(type: string, challenge: string): string {
    return b64url(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }
}
