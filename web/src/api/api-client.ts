// The public calls (login, contact form); the document calls of the protected page are in
// documents-client.ts, all through http.ts.
import type { ContactMessage, LoginAnswer } from '@portfolio/api/contract';
import { ApiError, request } from './http';

/** What the forms read of a login's answer: its success flag, and its token when it has one. */
export type LoginResult = { success: boolean } & Partial<Pick<LoginAnswer, 'token'>>;

export { ApiError };

/**
 * Resolves with the answer's `success` flag (and token) whenever the body carries one,
 * also for 401 {success:false}; throws on network errors and on answers without it.
 */
export async function login(username: string, password: string): Promise<LoginResult> {
  return postLogin('/api/auth/login', { username, password });
}

/** An access link's code for a session; answers like the login (401 {success:false} when refused). */
export async function exchangeAccessCode(code: string): Promise<LoginResult> {
  return postLogin('/api/auth/access', { code });
}

async function postLogin(path: string, payload: object): Promise<LoginResult> {
  const response = await request(path, { json: payload });
  const body: unknown = await response.json().catch(() => null);
  if (typeof body !== 'object' || body === null || !('success' in body)) {
    throw new ApiError(response.status);
  }
  const { success, token } = body as { success: unknown; token?: unknown };
  return {
    success: success === true && response.ok,
    token: typeof token === 'string' ? token : undefined,
  };
}

export async function sendMail(message: ContactMessage): Promise<void> {
  const response = await request('/api/mail', { json: message });
  if (!response.ok) throw new ApiError(response.status);
}
