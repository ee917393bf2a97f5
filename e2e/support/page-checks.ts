// Every page state the browser tests check for accessibility is checked for valid HTML too:
// one call, so a new check cannot take one and forget the other.
import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { expectValidHtml } from './html-validity';

/** No axe violation of WCAG A and AA, and html-validate finds nothing (.htmlvalidate.mjs). */
export async function expectAccessibleValidHtml(page: Page, what: string): Promise<void> {
  await expectNoAxeViolations(page, what);
  await expectValidHtml(page, what);
}
