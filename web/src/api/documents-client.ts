// The protected page's calls: the document list and the downloads, with the session's token.
import type { ListedGroup } from '@portfolio/api/contract';
import { ApiError, request } from './http';

/** A group of GET /api/documents, as the API declares it: its own PDFs first, with their `id`. */
export type DocumentGroup = ListedGroup;
export type DocumentFile = ListedGroup['files'][number];

export type ProgressListener = (receivedBytes: number, totalBytes: number | null) => void;

function checked(response: Response): Response {
  if (!response.ok) throw new ApiError(response.status);
  return response;
}

async function guardedGet(path: string, token: string | null): Promise<Response> {
  return checked(await request(path, { token }));
}

export const DOCUMENTS_PATH = '/api/documents';

/** The groups in an answer of GET /api/documents, or the error the answer means. */
export async function documentsOf(response: Response): Promise<DocumentGroup[]> {
  return (await checked(response).json()) as DocumentGroup[];
}

export async function fetchDocuments(token: string | null): Promise<DocumentGroup[]> {
  return documentsOf(await request(DOCUMENTS_PATH, { token }));
}

/**
 * A file as a Blob; `onProgress` hears how much of how much (Content-Length) has arrived.
 * `open` tells the access log the file was opened rather than saved.
 */
export async function downloadFile(
  file: Pick<DocumentFile, 'filename' | 'id'>,
  token: string | null,
  onProgress?: ProgressListener,
  intent: 'open' | 'download' = 'download',
): Promise<Blob> {
  const query = intent === 'open' ? '?intent=open' : '';
  const path = file.id
    ? `/api/letters/${encodeURIComponent(file.id)}`
    : `/api/download/${encodeURIComponent(file.filename)}`;
  const response = await guardedGet(`${path}${query}`, token);
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
