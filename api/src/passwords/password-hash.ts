import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashes are scrypt with their parameters stored alongside:
 * `scrypt:<N>:<r>:<p>:<salt base64url>:<key base64url>`. Colons (not `$`) keep
 * the value safe in `.env` files that docker compose interpolates.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export interface ParsedPasswordHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

// One of OWASP's equally strong scrypt settings: 32 MiB per login instead of
// the 128 MiB of N=2^17, p=1, for a Raspberry Pi. Not less: glibc serves
// blocks under 32 MiB from per-thread arenas and keeps them after the login
// (measured: +60 MB RSS with 16 MiB blocks), blocks above go back at once.
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };

const PREFIX = 'scrypt';
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const MAX_MEMORY_BYTES = 2 ** 30;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function scryptMemory({ N, r, p }: ScryptParams): number {
  return 128 * r * (N + p);
}

function isValidParams(params: ScryptParams): boolean {
  const { N, r, p } = params;
  const isPowerOfTwo = Number.isSafeInteger(N) && N >= 2 && (N & (N - 1)) === 0;
  return (
    isPowerOfTwo &&
    r >= 1 &&
    r <= 32 &&
    p >= 1 &&
    p <= 16 &&
    scryptMemory(params) <= MAX_MEMORY_BYTES
  );
}

function derive(
  password: string,
  salt: Buffer,
  params: ScryptParams,
  length: number,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const maxmem = scryptMemory(params) + 2 ** 20;
    scrypt(password, salt, length, { ...params, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export function parsePasswordHash(value: string): ParsedPasswordHash | undefined {
  const parts = value.trim().split(':');
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d+$/.test(part) ? Number(part) : NaN));
  const params = { N, r, p };
  const [salt, key] = parts.slice(4);
  if (!isValidParams(params) || !BASE64URL.test(salt) || !BASE64URL.test(key)) return undefined;
  const parsed = {
    params,
    salt: Buffer.from(salt, 'base64url'),
    key: Buffer.from(key, 'base64url'),
  };
  return parsed.salt.length >= SALT_BYTES && parsed.key.length >= 16 ? parsed : undefined;
}

export async function hashPassword(
  password: string,
  params: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<string> {
  if (!isValidParams(params)) throw new Error('Invalid scrypt parameters');
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_BYTES);
  const encoded = [salt, key].map((bytes) => bytes.toString('base64url'));
  return [PREFIX, params.N, params.r, params.p, ...encoded].join(':');
}

export async function verifyPassword(password: string, hash: ParsedPasswordHash): Promise<boolean> {
  const key = await derive(password, hash.salt, hash.params, hash.key.length);
  return timingSafeEqual(key, hash.key);
}
