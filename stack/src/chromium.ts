// Debian's Chromium, shared by the browser tests and the benchmark: browsers
// cannot be downloaded on these machines.

/** The browser binary; CHROMIUM_BIN overrides Debian's path. */
export const chromiumPath = process.env.CHROMIUM_BIN ?? '/usr/bin/chromium';

/**
 * Flags for running as root in a sandbox without outside network: without
 * the background-networking ones Chromium keeps dialling Google's hosts.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
