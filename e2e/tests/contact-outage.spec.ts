// The mail server goes away: the contact form shows its error state, the site
// keeps serving, and mail works again once the server is back. This file runs
// on a private stack, so stopping its SMTP sink cannot disturb other tests.
import { startStack, type Stack } from '../../scripts/stack/start-stack';
import {
  contactFields,
  contactForm,
  fillContact,
  mailWith,
  uniqueMarker,
  visitorWith,
} from '../support/contact';
import { expect, test as base } from '../support/fixtures';
import { expectedAnswer } from '../support/page-guard';
import { stackEnv } from '../support/stack-options';

const test = base.extend<object, { privateStack: Stack }>({
  privateStack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const stack = await startStack({ env: stackEnv() });
      await use(stack);
      await stack.stop();
    },
    { scope: 'worker' },
  ],
  stack: [
    async ({ privateStack }, use) =>
      use({
        baseUrl: privateStack.baseUrl,
        username: privateStack.username,
        password: privateStack.password ?? '',
        mailDir: privateStack.mailDir ?? '',
        documentsDir: privateStack.documentsDir,
        jwtSecret: '',
      }),
    { scope: 'worker' },
  ],
});

test('with the SMTP sink stopped the button shows error and the site keeps serving', async ({
  page,
  privateStack,
  stack,
  guard,
}) => {
  guard.allow(expectedAnswer(502, '/api/mail'));
  guard.allow(/^console error: Die Kontaktanfrage konnte nicht gesendet werden\./);
  await page.goto('/');
  const fields = contactFields(page);
  const visitor = visitorWith(uniqueMarker());
  await fillContact(page, visitor);

  await privateStack.stopSmtp();
  try {
    const answer = page.waitForResponse('**/api/mail');
    await fields.submit.click();
    expect((await answer).status()).toBe(502);
    await expect(fields.submit).toHaveAttribute('data-status', 'error');
    await expect(fields.name).toHaveValue(visitor.name);
    await expect(fields.message).toHaveValue(visitor.message);

    await page.reload();
    await expect(contactForm(page)).toBeVisible();
    expect((await page.request.get('/api/health')).status()).toBe(200);
  } finally {
    await privateStack.startSmtp();
  }

  const marker = uniqueMarker();
  await fillContact(page, visitorWith(marker));
  await fields.submit.click();
  await expect(fields.submit).toHaveAttribute('data-status', 'success');
  await mailWith(stack.mailDir, marker);
});
