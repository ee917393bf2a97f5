import { createHmac } from 'node:crypto';

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Builds a JWT by hand, so tests can make tokens the API must refuse. */
export function craftToken(
  payload: object,
  secret: string,
  header: object = { alg: 'HS256', typ: 'JWT' },
): string {
  const unsigned = `${encode(header)}.${encode(payload)}`;
  const signature = createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
