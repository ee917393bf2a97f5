import type { Response } from 'superagent';

/** supertest parser that keeps a response body as raw bytes. */
export function binaryParser(
  response: Response,
  callback: (error: Error | null, body: Buffer) => void,
): void {
  const stream = response as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}
