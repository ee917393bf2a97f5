// Who the passkeys belong to: the site's own address as the API knows it
// (SITE_URL, else DOMAIN, else the local default; config/app-config.ts).
// Browsers make passkeys only in a secure context and only for a domain name:
// https, or localhost (make local and the browser tests). A passkey belongs
// to that name for good: another name later makes every one useless.
import { isIP } from 'node:net';

export interface RelyingParty {
  /** The RP ID: the site's host name. */
  id: string;
  /** The one origin a response may come from. */
  origin: string;
  name: string;
}

export function relyingParty(siteUrl: string): RelyingParty {
  const { hostname, origin } = new URL(siteUrl);
  return { id: hostname, origin, name: 'Portfolio' };
}

/** Why no browser would make or use a passkey for this address; undefined when one would. */
export function passkeyProblem(siteUrl: string): string | undefined {
  const { hostname, protocol } = new URL(siteUrl);
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return undefined;
  const address = isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;
  if (protocol === 'https:' && !address) return undefined;
  return `Passkeys brauchen HTTPS oder localhost: Die Adresse der Website ist ${siteUrl}. SITE_URL oder DOMAIN in .env auf ihren https-Namen setzen.`;
}

/**
 * Why a phone cannot use passkeys at this address, in one line naming the settings that
 * give the site its HTTPS name; undefined when it can. A phone never reaches localhost.
 */
export function phoneProblem(siteUrl: string): string | undefined {
  const { hostname, protocol } = new URL(siteUrl);
  const named = isIP(hostname.replace(/^\[|\]$/g, '')) === 0 && !/(^|\.)localhost$/.test(hostname);
  if (protocol === 'https:' && named) return undefined;
  return `Ein Handy kann hier keine Passkeys verwenden: ${siteUrl} ist keine HTTPS-Adresse mit Namen. Dafür DOMAIN und ACME_EMAIL in .env setzen und make up, oder hinter einem eigenen Proxy SITE_URL=https://… (docs/operations.md, „Verwaltung auf dem Handy“).`;
}
