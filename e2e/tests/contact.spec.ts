// The contact form in each language (docs/product.md#contact-form): validation, the counter and
// its 750 cut, the mail that reaches the SMTP sink (German, naming the form's language), and the
// honeypot.
import { expect, test } from '../support/fixtures';
import {
  contactFields,
  contactForm,
  countMailsWith,
  fillContact,
  mailRequests,
  mailWith,
  recordSubmitStatus,
  uniqueMarker,
  visitorWith,
} from '../support/contact';
import { MAIL_FROM, MAIL_TO } from '../support/stack-options';
import { LANGUAGES } from '../support/languages';
import { CONTACT_STATUS_RESET_MS, MESSAGE_MAX_LENGTH } from '../support/site';

for (const t of LANGUAGES) {
  test.describe(`contact form (${t.code})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(t.path('/'));
      await contactForm(page).scrollIntoViewIfNeeded();
    });

    test('a validation failure shows the error state for 3 s, without a message', async ({
      page,
      guard,
    }) => {
      const fields = contactFields(page);
      // Accepted by the browser's own e-mail check, refused by the site's loose pattern (no dot).
      await fillContact(page, { name: 'Erika', email: 'erika@localhost', message: 'Hallo' });
      const statusChanges = await recordSubmitStatus(page);
      await fields.submit.click();
      await expect(fields.submit).toHaveAttribute('data-status', 'error');
      await expect(contactForm(page).getByRole('alert')).toHaveCount(0);

      await expect(fields.submit).toHaveAttribute('data-status', 'default', {
        timeout: CONTACT_STATUS_RESET_MS + 5000,
      });
      await expect(fields.submit).toHaveText(t.send);
      // Measured by the page's clock, so a busy machine delaying the test cannot fail it: a
      // timer never fires early, and one late by more than 2 s would be a fault of the page.
      const changes = await statusChanges();
      expect(changes.map((change) => change.status)).toEqual(['error', 'default']);
      const shownFor = changes[1].at - changes[0].at;
      expect(shownFor).toBeGreaterThanOrEqual(CONTACT_STATUS_RESET_MS - 100);
      expect(shownFor).toBeLessThan(CONTACT_STATUS_RESET_MS + 2000);
      expect(mailRequests(guard.requests)).toEqual([]);
    });

    test('a name of blanks fails, and the next edit resets the button', async ({ page, guard }) => {
      const fields = contactFields(page);
      await fillContact(page, { name: '   ', email: 'erika@example.ch', message: 'Hallo' });
      await fields.submit.click();
      await expect(fields.submit).toHaveAttribute('data-status', 'error');
      await fields.name.pressSequentially('E');
      await expect(fields.submit).toHaveAttribute('data-status', 'default');
      expect(mailRequests(guard.requests)).toEqual([]);
    });

    test('the counter counts and the message is cut at 750', async ({ page }) => {
      const fields = contactFields(page);
      await expect(fields.counter).toHaveText(t.counter(0));
      await fields.message.pressSequentially('Hallo');
      await expect(fields.counter).toHaveText(t.counter(5));
      await fields.message.fill('x'.repeat(MESSAGE_MAX_LENGTH + 50));
      await expect(fields.message).toHaveValue('x'.repeat(MESSAGE_MAX_LENGTH));
      await expect(fields.counter).toHaveText(t.counter(MESSAGE_MAX_LENGTH));
      await fields.message.press('End');
      await fields.message.pressSequentially('yz');
      await expect(fields.message).toHaveValue('x'.repeat(MESSAGE_MAX_LENGTH));
    });

    test('a valid message reaches the owner with Reply-To the visitor', async ({ page, stack }) => {
      const marker = uniqueMarker();
      const visitor = visitorWith(marker);
      const fields = contactFields(page);
      await fillContact(page, visitor);
      await fields.submit.click();

      await expect(fields.submit).toHaveAttribute('data-status', 'success');
      await expect(fields.submit).toHaveText(t.sent);
      await expect(fields.name).toHaveValue('');
      await expect(fields.email).toHaveValue('');
      await expect(fields.message).toHaveValue('');
      await expect(fields.counter).toHaveText(t.counter(0));

      const { mail } = await mailWith(stack.mailDir, marker);
      expect(mail.to && 'value' in mail.to ? mail.to.value[0].address : undefined).toBe(MAIL_TO);
      expect(mail.from?.value[0].address).toBe(MAIL_FROM);
      expect(mail.replyTo?.value[0].address).toBe(visitor.email);
      expect(mail.replyTo?.value[0].name).toBe(visitor.name);
      expect(mail.text).toContain(visitor.message);
      expect(mail.text).toContain(t.mailLanguage);

      await expect(fields.submit).toHaveAttribute('data-status', 'default', {
        timeout: CONTACT_STATUS_RESET_MS + 2000,
      });
    });

    test('a filled honeypot sends nothing', async ({ page, stack, guard }) => {
      const marker = uniqueMarker();
      const fields = contactFields(page);
      await fillContact(page, visitorWith(marker));
      // What a bot does: fill every field, the hidden one included.
      await fields.referrer.fill('https://spam.example', { force: true });
      await fields.submit.click();
      await expect(fields.submit).toHaveAttribute('data-status', 'error');
      expect(mailRequests(guard.requests)).toEqual([]);

      // A bot posting straight to the API gets the normal answer, and still nothing is sent.
      const answer = await page.request.post('/api/mail', {
        data: { ...visitorWith(marker), referrer: 'https://spam.example' },
      });
      expect(answer.status()).toBe(200);
      // A genuine message sent afterwards arrives; the bot's, sent first, never did.
      const after = uniqueMarker();
      const genuine = await page.request.post('/api/mail', { data: visitorWith(after) });
      expect(genuine.status()).toBe(200);
      await expect.poll(() => countMailsWith(stack.mailDir, after)).toBe(1);
      expect(await countMailsWith(stack.mailDir, marker)).toBe(0);
    });
  });
}
