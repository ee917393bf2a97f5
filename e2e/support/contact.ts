// The contact form and the mails the SMTP sink saved.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { readMailbox, waitForMail } from '@portfolio/stack';
import { textsOf } from './languages';

export function contactForm(page: Page) {
  return page.getByRole('form', { name: textsOf(page).contactForm });
}

export function contactFields(page: Page) {
  const form = contactForm(page);
  const labels = textsOf(page).contactFields;
  return {
    name: form.getByLabel(labels.name),
    email: form.getByLabel(labels.email),
    message: form.getByLabel(labels.message),
    referrer: form.locator('input[name="referrer"]'),
    submit: form.locator('button[type="submit"]'),
    counter: form.locator('#contact-counter'),
  };
}

/** A text no other test's mail contains, to find this test's mail. */
export function uniqueMarker(): string {
  return `e2e-${randomUUID()}`;
}

export interface Visitor {
  name: string;
  email: string;
  message: string;
}

export function visitorWith(marker: string): Visitor {
  return {
    name: 'Erika Muster',
    email: 'erika.muster@example.ch',
    message: `Grüezi! Ich interessiere mich für Ihre Bewerbung. ${marker}`,
  };
}

export async function fillContact(page: Page, visitor: Visitor): Promise<void> {
  const fields = contactFields(page);
  await fields.name.fill(visitor.name);
  await fields.email.fill(visitor.email);
  await fields.message.fill(visitor.message);
}

export function mailWith(mailDir: string, marker: string) {
  return waitForMail(mailDir, (mail) => (mail.text ?? '').includes(marker));
}

export async function countMailsWith(mailDir: string, marker: string): Promise<number> {
  const mails = await readMailbox(mailDir);
  return mails.filter(({ mail }) => (mail.text ?? '').includes(marker)).length;
}

export function mailRequests(requests: readonly string[]): string[] {
  return requests.filter((url) => new URL(url).pathname === '/api/mail');
}

export interface StatusChange {
  status: string;
  /** The page's own clock (ms): how long a state lasted, free of the test's own delays. */
  at: number;
}

/** Starts recording the submit button's status changes; the result reads them. */
export async function recordSubmitStatus(page: Page): Promise<() => Promise<StatusChange[]>> {
  await contactFields(page).submit.evaluate((button) => {
    const changes: StatusChange[] = [];
    Object.assign(window, { submitStatusChanges: changes });
    new MutationObserver(() =>
      changes.push({ status: button.getAttribute('data-status') ?? '', at: performance.now() }),
    ).observe(button, { attributes: true, attributeFilter: ['data-status'] });
  });
  return () =>
    page.evaluate(
      () => (window as unknown as { submitStatusChanges: StatusChange[] }).submitStatusChanges,
    );
}
