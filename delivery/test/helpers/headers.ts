import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';

const REQUIRED_CSP = [
  "default-src 'none'",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The security headers every answer of the front must carry, exactly once. */
export function assertSecurityHeaders(headers: IncomingHttpHeaders, where: string): void {
  const csp = headers['content-security-policy'];
  assert.equal(typeof csp, 'string', `${where}: CSP`);
  const directives = (csp as string).split(';').map((part) => part.trim());
  for (const directive of REQUIRED_CSP)
    assert.ok(directives.includes(directive), `${where}: ${directive}`);
  // The site's own files, and inline scripts and styles only by their hash.
  for (const kind of ['script-src', 'style-src']) {
    const sources = directives.find((directive) => directive.startsWith(`${kind} `));
    assert.match(
      String(sources),
      new RegExp(`^${kind} 'self'( 'sha256-[A-Za-z0-9+/]+=*')*$`),
      `${where}: ${kind}`,
    );
  }
  assert.ok(!(csp as string).includes('unsafe-inline'), `${where}: no unsafe-inline`);
  assert.equal(headers['x-content-type-options'], 'nosniff', `${where}: nosniff`);
  assert.equal(
    headers['referrer-policy'],
    'strict-origin-when-cross-origin',
    `${where}: Referrer-Policy`,
  );
  assert.match(
    String(headers['permissions-policy']),
    /camera=\(\)/,
    `${where}: Permissions-Policy`,
  );
  assert.equal(headers['cross-origin-opener-policy'], 'same-origin', `${where}: COOP`);
  assert.equal(headers['x-frame-options'], 'DENY', `${where}: X-Frame-Options`);
  assert.equal(headers.server, 'nginx', `${where}: no version in Server`);
  assert.equal(headers['x-powered-by'], undefined, `${where}: no X-Powered-By`);
}
