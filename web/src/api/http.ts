// The one way the site talks to the API: every call of the public pages
// (api-client.ts), the protected page (documents-client.ts) and the owner's
// page (owner-client.ts) goes through `request`, which sets the body's type
// and the session's token the same way for all, and every refused call is
// one ApiError. Tests stub `fetch` underneath it.

/** The server answered, but not with what the call needs; `message`: its own line, if it gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message = `API-Antwort mit Status ${status}`,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A guarded call was refused: the session is no longer valid. */
export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

export interface RequestOptions {
  method?: string;
  /** A JSON body. */
  json?: object;
  /** A PDF, sent as it is (the browser streams the file). */
  file?: Blob;
  /** The session's token: a guarded call; null when there is none (the API says 401). */
  token?: string | null;
  headers?: Record<string, string>;
}

/** Sends the call; POST when it has a body, else GET unless `method` says otherwise. */
export function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const { json, file, token } = options;
  const headers: Record<string, string> = { ...options.headers };
  if (json) headers['Content-Type'] = 'application/json';
  if (file) headers['Content-Type'] = 'application/pdf';
  if (token !== undefined) headers.Authorization = `Bearer ${token ?? ''}`;
  return fetch(path, {
    method: options.method ?? (json || file ? 'POST' : 'GET'),
    headers,
    body: file ?? (json ? JSON.stringify(json) : undefined),
  });
}
