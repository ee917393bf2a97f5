// The passkey library (@simplewebauthn/server, with the ASN.1 and crypto
// packages under it) loads on the first ceremony, not at the API's start:
// the owner signs in a few times a week, and loaded at start it would stay
// in the API's memory for its whole life (docs/benchmarks.md, "The API's
// memory at rest"). Its types cost nothing at run time.
export type WebAuthn = typeof import('@simplewebauthn/server');

let library: Promise<WebAuthn> | undefined;

export const webAuthn = (): Promise<WebAuthn> => (library ??= import('@simplewebauthn/server'));
