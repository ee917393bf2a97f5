// axe-core over the page as it stands: WCAG 2.0, 2.1 and 2.2 rules of levels
// A and AA; any violation, whatever its impact, fails.
import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Every tag axe-core gives a WCAG 2.0, 2.1 or 2.2 success criterion of level A or AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

// Our own axe-core, not the older copy @axe-core/playwright pins: that one still marks
// rules such as label-content-name-mismatch (2.5.3) experimental, and a run by tags skips them.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .withTags(WCAG_TAGS)
    .analyze();
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(violations, `axe violations on ${what}`).toEqual([]);
}

/** Scrolls through the page so every slide-in and lazy image has arrived before the check. */
export async function revealWholePage(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const step = page.viewportSize()?.height ?? 600;
  for (let top = 0; top < height; top += step / 2) {
    await page.evaluate((y) => window.scrollTo(0, y), top);
    await page.waitForTimeout(50);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(700);
}
