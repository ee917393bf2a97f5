// The owner's side of the browser tests: the setup link as `make
// owner-setup-local` prints it, a passkey held by Chromium's virtual
// authenticator (the DevTools protocol's WebAuthn domain), and the QR code
// read back from the page's pixels.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { StackInfo } from './stack-info';

const repoRoot = path.resolve(__dirname, '..', '..');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const cli = path.join(repoRoot, 'api', 'src', 'owner', 'owner.cli.ts');

/** Passkeys need a secure context: http://localhost is one, http://127.0.0.1 is no valid RP ID. */
export const ownerOrigin = (stack: StackInfo) => stack.baseUrl.replace('127.0.0.1', 'localhost');

export async function ownerCommand(stack: StackInfo, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(tsx, [cli, ...args], {
    env: {
      ...process.env,
      ACCESS_DIR: stack.accessDir,
      LETTERS_DIR: stack.lettersDir,
      SITE_URL: ownerOrigin(stack),
    },
  });
  return stdout;
}

/** A fresh setup link, valid once for 15 minutes. */
export async function setupLink(stack: StackInfo): Promise<string> {
  const printed = await ownerCommand(stack, 'setup-link');
  const link = /\bhttps?:\/\/\S+\/verwaltung#einrichten=\S+/.exec(printed)?.[0];
  if (!link) throw new Error(`owner setup-link printed no link:\n${printed}`);
  return link;
}

/**
 * Gives the page's browser a platform authenticator that holds resident
 * keys and confirms every request at once, as a phone's fingerprint would;
 * returns how often it has been asked so far (its passkeys' signatures).
 */
export async function addVirtualAuthenticator(page: Page): Promise<() => Promise<number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return async () => {
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    return credentials.reduce((sum, credential) => sum + credential.signCount, 0);
  };
}

/** What a phone's camera would read from the QR code on screen. */
export async function scanQrCode(code: Locator): Promise<string> {
  const png = PNG.sync.read(await code.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) throw new Error('no QR code could be read from the screenshot');
  return found.data;
}

/** A new passkey in this browser, registered through a fresh setup link; leaves the owner signed in. */
/** Registers a passkey and signs in with it; returns how often the phone was asked so far. */
export async function registerOwner(page: Page, stack: StackInfo) {
  const taps = await addVirtualAuthenticator(page);
  await page.goto(await setupLink(stack));
  await page.getByRole('button', { name: 'Passkey für dieses Gerät einrichten' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Zugänge' })).toBeVisible();
  expect(new URL(page.url()).hash).toBe('');
  return taps;
}

/** A company's name of its own: the tests share the stack's store. */
export const company = () => `Messe AG ${randomUUID().slice(0, 8)}`;

/** One access in the owner page's list, found by its company's name. */
export const accessItem = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
