// html-validate over the page as the browser holds it after the app ran, with the rules of the
// repository's .htmlvalidate.mjs. The build checks the prerendered files the same way
// (`npm run validate-html -w web`); the states only the app makes (the documents area, an open
// dialog, the login panel) are checked here.
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';

const validator = new HtmlValidate(new FileSystemConfigLoader());
/** A name in this folder, so the configuration is found as for a file of the repository. */
const PAGE_FILE = path.join(__dirname, 'page.html');

export async function expectValidHtml(page: Page, what: string): Promise<void> {
  const report = await validator.validateString(await page.content(), PAGE_FILE);
  const problems = report.results.flatMap((result) =>
    result.messages.map((message) => `${message.ruleId}: ${message.message} (${message.selector})`),
  );
  expect(problems, `html-validate on ${what}`).toEqual([]);
}
