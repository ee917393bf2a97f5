// The owner's side of the browser tests: the setup link as `make
// owner-setup-local` prints it, a passkey held by Chromium's virtual
// authenticator (the DevTools protocol's WebAuthn domain), and the QR code
// read back from the page's pixels.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
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
 * keys and confirms every request at once, as a phone's fingerprint would.
 */
export async function addVirtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** What a phone's camera would read from the QR code on screen. */
export async function scanQrCode(code: Locator): Promise<string> {
  const png = PNG.sync.read(await code.screenshot());
  const found = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  if (!found) throw new Error('no QR code could be read from the screenshot');
  return found.data;
}
