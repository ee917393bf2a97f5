// Raw HTTP(S) requests for the delivery tests: no automatic decompression or
// redirects, so the tests see exactly what nginx sends.
import http from 'node:http';
import https from 'node:https';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For https: the certificate to trust, the name to ask for (default localhost). */
  ca?: string;
  servername?: string;
  /** For https: false accepts a certificate from a CA the test cannot know in advance. */
  rejectUnauthorized?: boolean;
}

export function request(url: string, options: RawRequest = {}): Promise<RawResponse> {
  const secure = url.startsWith('https:');
  const client = secure ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ...(secure
          ? {
              ca: options.ca,
              servername: options.servername ?? 'localhost',
              rejectUnauthorized: options.rejectUnauthorized ?? true,
              agent: false,
            }
          : { agent: false }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
