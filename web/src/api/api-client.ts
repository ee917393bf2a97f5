// The only module that talks to the network. Components call these functions;
// tests stub `fetch` underneath them.

export interface LoginResult {
  success: boolean;
  token?: string;
}

export interface DocumentFile {
  name: string;
  filename: string;
  size: number;
}

export interface DocumentGroup {
  section: string;
  files: DocumentFile[];
}

export interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** The server answered, but not with what the call needs. */
export class ApiError extends Error {
  constructor(readonly status: number) {
    super(`API-Antwort mit Status ${status}`);
    this.name = 'ApiError';
  }
}

/** A guarded call was refused: the session is no longer valid. */
export class UnauthorizedError extends ApiError {
  constructor() {
    super(401);
    this.name = 'UnauthorizedError';
  }
}

export type ProgressListener = (receivedBytes: number, totalBytes: number | null) => void;

const jsonHeaders = { 'Content-Type': 'application/json' };

function bearer(token: string | null): HeadersInit {
  return { Authorization: `Bearer ${token ?? ''}` };
}

async function guardedGet(path: string, token: string | null): Promise<Response> {
  const response = await fetch(path, { headers: bearer(token) });
  if (response.status === 401) throw new UnauthorizedError();
  if (!response.ok) throw new ApiError(response.status);
  return response;
}

/**
 * Resolves with the answer's `success` flag (and token) whenever the body carries one,
 * also for 401 {success:false}; throws on network errors and on answers without it.
 */
export async function login(username: string, password: string): Promise<LoginResult> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ username, password }),
  });
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
  const response = await fetch('/api/mail', {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify(message),
  });
  if (!response.ok) throw new ApiError(response.status);
}

export async function fetchDocuments(token: string | null): Promise<DocumentGroup[]> {
  const response = await guardedGet('/api/documents', token);
  return (await response.json()) as DocumentGroup[];
}

/** A file as a Blob; `onProgress` hears how much of how much (Content-Length) has arrived. */
export async function downloadFile(
  filename: string,
  token: string | null,
  onProgress?: ProgressListener,
): Promise<Blob> {
  const response = await guardedGet(`/api/download/${encodeURIComponent(filename)}`, token);
  return onProgress ? readWithProgress(response, 'application/pdf', onProgress) : response.blob();
}

/** documents.zip, with progress: nginx sends it with its size. */
export async function downloadAll(
  token: string | null,
  onProgress: ProgressListener,
): Promise<Blob> {
  const response = await guardedGet('/api/download-all', token);
  return readWithProgress(response, 'application/zip', onProgress);
}

async function readWithProgress(
  response: Response,
  fallbackType: string,
  onProgress: ProgressListener,
): Promise<Blob> {
  const lengthHeader = Number(response.headers.get('Content-Length'));
  const total = lengthHeader > 0 ? lengthHeader : null;
  const type = response.headers.get('Content-Type') ?? fallbackType;
  if (!response.body) return response.blob();

  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress(0, total);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  return new Blob(chunks, { type });
}
