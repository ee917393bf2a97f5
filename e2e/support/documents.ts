// The document manifest and files the stack serves, read from disk to compare
// with what the browser receives.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';

const defaultDocumentsDir = path.resolve(__dirname, '..', '..', 'documents', 'samples');

export interface ManifestGroup {
  section: string;
  files: Array<{ name: string; filename: string }>;
}

export async function readManifest(documentsDir: string): Promise<ManifestGroup[]> {
  return JSON.parse(await readFile(path.join(documentsDir, 'manifest.json'), 'utf8'));
}

/** The repository's manifest, for declaring one test per group (the stack serves the same). */
export function readManifestSync(documentsDir = defaultDocumentsDir): ManifestGroup[] {
  return JSON.parse(readFileSync(path.join(documentsDir, 'manifest.json'), 'utf8'));
}

export function manifestFiles(groups: ManifestGroup[]) {
  return groups.flatMap((group) =>
    group.files.map((file) => ({ ...file, section: group.section })),
  );
}

/** A file's row on the documents page, found by the name it is listed under. */
export function fileRow(page: Page, name: string) {
  return page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });
}

function base64url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

/** A correctly signed HS256 token whose lifetime ended an hour ago. */
export function expiredToken(secret: string, subject: string): string {
  const now = Math.floor(Date.now() / 1000);
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ sub: subject, iat: now - 7200, exp: now - 3600 }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  return `${header}.${payload}.${base64url(signature)}`;
}

/** The same token with a changed payload (a longer lifetime) under the old signature. */
export function tamperedToken(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  const changed = base64url(JSON.stringify({ ...claims, exp: claims.exp + 365 * 24 * 3600 }));
  return [header, changed, signature].join('.');
}
