import type { Response } from 'superagent';
import type { TestApp } from './test-app';

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

/** GET `path` with a bearer token, keeping the body as raw bytes (files, ZIPs). */
export function getBytes(app: TestApp, path: string, token: string) {
  return app
    .http()
    .get(path)
    .set('Authorization', `Bearer ${token}`)
    .buffer(true)
    .parse(binaryParser);
}
