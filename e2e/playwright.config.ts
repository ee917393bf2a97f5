// Browser tests of the whole stack: Debian's Chromium (browsers cannot be
// downloaded here) against nginx, the API and an SMTP sink started once in
// the global setup. Tests tagged @layout run at desktop and phone width,
// @mobile ones at phone width only; everything else at desktop width. Tests
// tagged @screenshots write docs/screenshots/ and run only with
// `npm run screenshots`.
import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from '@portfolio/stack';

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Room for a slow machine (a Raspberry Pi, a busy CI host): the waits end as soon as the
  // page is there, so only a failing test takes this long.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    headless: true,
    locale: 'de-CH',
    acceptDownloads: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumFlags,
    },
  },
  projects: [
    {
      name: 'desktop',
      use: { viewport: { width: 1280, height: 800 } },
      grepInvert: /@mobile/,
    },
    {
      name: 'mobile',
      use: { viewport: { width: 375, height: 740 }, hasTouch: true },
      grep: /@layout|@mobile/,
    },
  ],
});
