// The owner page's calls to /api/owner (docs/architecture.md, "The owner's
// page"). The passkey ceremonies run through @simplewebauthn/browser; the
// owner's token lives only in the page's memory and rides in each call.
import {
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import {
  CONFIRMATION_HEADER,
  createTarget,
  letterTarget,
  sectionsTarget,
  stampOffTarget,
  type AccessChange,
} from '@portfolio/api/change-targets';
import type {
  AccessView,
  LetterView,
  LogEntryView,
  NewAccess,
  OwnerSession as SessionAnswer,
  PasskeyView,
  SetupLinkView,
} from '@portfolio/api/contract';
import { ApiError, request } from './http';

/** The page's session: the API's token, and when it stops working (ms since the epoch). */
export interface OwnerSession {
  token: string;
  expiresAt: number;
}

const FALLBACK_MESSAGE = 'Der Server hat nicht geantwortet. Bitte später nochmals versuchen.';

interface CallInit {
  method?: string;
  body?: object;
  /** A PDF, sent as it is (the browser streams the file). */
  file?: Blob;
  /** The owner's tap for an upload, which rides in a header (the body is the PDF). */
  confirmation?: AuthenticationResponseJSON;
  token?: string;
  onUnauthorized?: () => void;
}

// The API takes JSON bodies, and a PDF alone where a company's own file goes; a call with
// nothing to say sends {}.
async function call<T>(path: string, init: CallInit = {}): Promise<T> {
  const headers = init.confirmation && {
    [CONFIRMATION_HEADER]: base64url(JSON.stringify(init.confirmation)),
  };
  const { method, body: json, file, token } = init;
  const response = await request(`/api/owner${path}`, { method, json, file, token, headers });
  if (response.status === 401) init.onUnauthorized?.();
  if (response.status === 204) return undefined as T;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message =
      typeof body === 'object' &&
      body !== null &&
      'message' in body &&
      typeof body.message === 'string'
        ? body.message
        : FALLBACK_MESSAGE;
    throw new ApiError(response.status, message);
  }
  return body as T;
}

const sessionOf = ({ token, expiresIn }: SessionAnswer): OwnerSession => ({
  token,
  expiresAt: Date.now() + expiresIn * 1000,
});

/** Registers this device's passkey with a setup link's token; signs the owner in. */
export async function registerPasskey(setupToken: string): Promise<OwnerSession> {
  const optionsJSON = await call<PublicKeyCredentialCreationOptionsJSON>('/setup/options', {
    body: { setupToken },
  });
  const response: RegistrationResponseJSON = await startRegistration({ optionsJSON });
  return sessionOf(await call('/setup/verify', { body: { setupToken, response } }));
}

/** Signs in with a passkey the browser offers for this site. */
export async function signIn(): Promise<OwnerSession> {
  const optionsJSON = await call<PublicKeyCredentialRequestOptionsJSON>('/login/options', {
    body: {},
  });
  const response: AuthenticationResponseJSON = await startAuthentication({ optionsJSON });
  return sessionOf(await call('/login/verify', { body: { response } }));
}

/** A change the API wants confirmed with the passkey itself: to the passkeys, or one that shows a company more. */
type OwnerChange = 'setup-link' | 'remove-passkey' | AccessChange;

/** UTF-8 text as base64url, for a header. */
const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A file's SHA-256 as lower-case hex: what a new link's tap binds its first PDF to. */
async function sha256Of(file: Blob): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new Uint8Array(await file.arrayBuffer()));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A new link's first PDF: the file and the name the company sees it under. */
export interface FirstLetter {
  file: File;
  name: string;
}

/** The signed-in owner's calls; `onUnauthorized` hears of a token no longer taken (expired, passkey removed). */
export function ownerApi(token: string, onUnauthorized: () => void) {
  const as = { token, onUnauthorized };
  // The one tap: the passkey of this sign-in signs what the API gives for this very change.
  const confirmation = async (change: OwnerChange, target?: string) => {
    const body = change.endsWith('passkey') ? { change, passkeyId: target } : { change, target };
    const optionsJSON = await call<PublicKeyCredentialRequestOptionsJSON>('/confirmation/options', {
      ...as,
      body,
    });
    return startAuthentication({ optionsJSON });
  };
  const letters = (id: string, replacing?: string) =>
    `/accesses/${encodeURIComponent(id)}/letters${replacing ? `/${encodeURIComponent(replacing)}` : ''}`;
  const upload = (
    id: string,
    { file, name }: FirstLetter,
    tap?: AuthenticationResponseJSON,
    replacing?: string,
  ) =>
    call<LetterView>(`${letters(id, replacing)}?name=${encodeURIComponent(name)}`, {
      ...as,
      method: replacing ? 'PUT' : 'POST',
      file,
      confirmation: tap,
    });
  return {
    /** Ends the token on the server too; the page forgets it whatever the answer. */
    logout: () => call<void>('/logout', { ...as, onUnauthorized: undefined, body: {} }),
    accesses: () => call<AccessView[]>('/accesses', as),
    /** The manifest's sections a link may be given. */
    sections: () => call<string[]>('/sections', as),
    /**
     * A new link (`sections` undefined: every one there is now) with its first PDF, if any:
     * one tap confirms both.
     */
    createAccess: async (name: string, days: number, sections?: string[], first?: FirstLetter) => {
      const letter = first && {
        name: first.name,
        size: first.file.size,
        sha256: await sha256Of(first.file),
      };
      const tap = await confirmation('create-access', createTarget(name, days, sections, letter));
      const made = await call<NewAccess>('/accesses', {
        ...as,
        body: { name, days, sections, letter, confirmation: tap },
      });
      // The link exists whatever becomes of its PDF: its code is shown, and the refusal with it.
      const uploaded = first && (await upload(made.id, first).catch((error: Error) => error));
      return uploaded instanceof Error
        ? { made, refused: uploaded.message }
        : { made, letter: uploaded };
    },
    /** `widens`: the company sees a section it did not, which takes a tap. */
    setSections: async (id: string, sections: string[], widens: boolean) =>
      call<void>(`/accesses/${encodeURIComponent(id)}/sections`, {
        ...as,
        method: 'PUT',
        body: {
          sections,
          confirmation: widens
            ? await confirmation('widen-sections', sectionsTarget(id, sections))
            : undefined,
        },
      }),
    /** Off: its PDFs go out without its name on every page, which takes a tap. */
    setStamp: async (id: string, on: boolean) =>
      call<void>(`/accesses/${encodeURIComponent(id)}/stamp`, {
        ...as,
        method: 'PUT',
        body: {
          on,
          confirmation: on ? undefined : await confirmation('stamp-off', stampOffTarget(id)),
        },
      }),
    /** A company's own PDF, named `name`, after a tap; with `replacing`, in that one's place. */
    uploadLetter: async (id: string, file: File, name: string, replacing?: string) => {
      const spec = { name, size: file.size };
      const change = replacing ? 'replace-letter' : 'add-letter';
      const tap = await confirmation(change, letterTarget(id, spec, replacing));
      return upload(id, { file, name }, tap, replacing);
    },
    removeLetter: (id: string, letterId: string) =>
      call<void>(letters(id, letterId), { ...as, method: 'DELETE' }),
    accessLog: (id: string) => call<LogEntryView[]>(`/accesses/${encodeURIComponent(id)}/log`, as),
    revokeAccess: (id: string) =>
      call<void>(`/accesses/${encodeURIComponent(id)}`, { ...as, method: 'DELETE' }),
    passkeys: () => call<PasskeyView[]>('/passkeys', as),
    removePasskey: async (id: string) =>
      call<void>(`/passkeys/${encodeURIComponent(id)}/remove`, {
        ...as,
        body: { confirmation: await confirmation('remove-passkey', id) },
      }),
    setupLink: async () =>
      call<SetupLinkView>('/setup-links', {
        ...as,
        body: { confirmation: await confirmation('setup-link') },
      }),
  };
}

export type OwnerApi = ReturnType<typeof ownerApi>;
