// The mail server goes away: the visitor still sees success (the message is
// stored in the outbox), the site keeps serving, and the message reaches the
// owner once the server is back, exactly once. This file runs on a private
// stack, so stopping its SMTP sink cannot disturb other tests.
import { startStack, type Stack } from '@portfolio/stack';
import {
  contactFields,
  contactForm,
  countMailsWith,
  fillContact,
  mailWith,
  uniqueMarker,
  visitorWith,
} from '../support/contact';
import { expect, test as base } from '../support/fixtures';
import { stackEnv } from '../support/stack-options';

const test = base.extend<object, { privateStack: Stack }>({
  privateStack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      // A one-second retry wait instead of the owner's 10 s start.
      const stack = await startStack({ env: { ...stackEnv(), MAIL_RETRY_SCHEDULE: '1s' } });
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
        accessDir: privateStack.accessDir,
        lettersDir: privateStack.lettersDir,
        jwtSecret: '',
      }),
    { scope: 'worker' },
  ],
});

test('with the SMTP sink stopped the visitor sees success and the mail arrives once it is back', async ({
  page,
  privateStack,
  stack,
}) => {
  await page.goto('/');
  const fields = contactFields(page);
  const marker = uniqueMarker();
  await fillContact(page, visitorWith(marker));

  await privateStack.stopSmtp();
  try {
    const answer = page.waitForResponse('**/api/mail');
    await fields.submit.click();
    expect((await answer).status()).toBe(200);
    await expect(fields.submit).toHaveAttribute('data-status', 'success');
    await expect(fields.name).toHaveValue('');

    await page.reload();
    await expect(contactForm(page)).toBeVisible();
    const health = await page.request.get('/api/health');
    expect(health.status()).toBe(200);
    expect((await health.json()).mail.queued).toBe(1);
    expect(await countMailsWith(stack.mailDir, marker)).toBe(0);
  } finally {
    await privateStack.startSmtp();
  }

  await mailWith(stack.mailDir, marker);
  await expect
    .poll(async () => (await (await page.request.get('/api/health')).json()).mail.queued)
    .toBe(0);
  expect(await countMailsWith(stack.mailDir, marker)).toBe(1);
});
