import { act, fireEvent, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEnglish } from '../../i18n/translation';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp } from '../../test/render-app';

// The rule's values (docs/product.md#contact-form), not the app's constants: a test
// that imported them would follow any change to them.
const MESSAGE_MAX_LENGTH = 750;
const CONTACT_STATUS_RESET_MS = 3000;

const form = () => within(document.getElementById('contact')!);
const field = (label: string) => form().getByLabelText(label) as HTMLInputElement;
const submitButton = () => document.querySelector<HTMLButtonElement>('.contact-form__submit')!;
const status = () => submitButton().dataset.status;

function fill(values: Partial<Record<'Name' | 'E-Mail' | 'Nachricht', string>>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.change(field(label), { target: { value } });
  }
}

function fillValid() {
  fill({ Name: 'Anna Muster', 'E-Mail': 'anna@example.ch', Nachricht: 'Grüezi Baran' });
}

async function submit() {
  await act(async () => {
    fireEvent.submit(submitButton().closest('form')!);
    await vi.advanceTimersByTimeAsync(0);
  });
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('contact form', () => {
  it('has labelled, required name, email and message fields and a hidden referrer honeypot', () => {
    renderApp('/');
    for (const label of ['Name', 'E-Mail', 'Nachricht']) expect(field(label)).toBeRequired();
    const honeypot = document.querySelector<HTMLInputElement>('input[name="referrer"]')!;
    expect(honeypot).toHaveValue('');
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(status()).toBe('default');
    expect(submitButton()).toHaveTextContent('Nachricht senden');
  });

  it('counts the characters as "n / 750 Zeichen"', () => {
    renderApp('/');
    expect(form().getByText('0 / 750 Zeichen')).toBeInTheDocument();
    fill({ Nachricht: 'Hallo' });
    expect(form().getByText(`5 / ${MESSAGE_MAX_LENGTH} Zeichen`)).toBeInTheDocument();
  });

  it('cuts longer input at 750 characters', () => {
    renderApp('/');
    fill({ Nachricht: 'x'.repeat(MESSAGE_MAX_LENGTH + 50) });
    expect(field('Nachricht')).toHaveValue('x'.repeat(MESSAGE_MAX_LENGTH));
    expect(form().getByText('750 / 750 Zeichen')).toBeInTheDocument();
    expect(field('Nachricht')).toHaveAttribute('maxlength', '750');
  });

  it.each([
    ['a name of spaces only', { Name: '   ' }],
    ['an email without at-sign', { 'E-Mail': 'anna.example.ch' }],
    ['an email without a dot after the at-sign', { 'E-Mail': 'anna@example' }],
    ['an email with nothing before the at-sign', { 'E-Mail': '@example.ch' }],
    ['a message of spaces only', { Nachricht: ' \n ' }],
  ])('rejects %s: error style for 3 seconds, no message text, nothing sent', async (_case, bad) => {
    const fetchMock = stubFetch(() => json({ success: true }));
    renderApp('/');
    fillValid();
    fill(bad);
    await submit();
    expect(status()).toBe('error');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(form().queryByRole('alert')).toBeNull();

    await advance(CONTACT_STATUS_RESET_MS - 1);
    expect(status()).toBe('error');
    await advance(1);
    expect(status()).toBe('default');
  });

  it('rejects the form as a bot when the referrer honeypot is filled', async () => {
    const fetchMock = stubFetch(() => json({ success: true }));
    renderApp('/');
    fillValid();
    fireEvent.change(document.querySelector('input[name="referrer"]')!, {
      target: { value: 'https://spam.example' },
    });
    await submit();
    expect(status()).toBe('error');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('accepts the loose email pattern: text, at-sign, text, dot, text', async () => {
    const fetchMock = stubFetch(() => json({ success: true }));
    renderApp('/');
    fillValid();
    fill({ 'E-Mail': 'a@b.c' });
    await submit();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('sends name, email and message; success clears the fields and resets after 3 seconds', async () => {
    const fetchMock = stubFetch(() => json({ success: true }));
    renderApp('/');
    fillValid();
    await submit();

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/mail');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Anna Muster',
      email: 'anna@example.ch',
      message: 'Grüezi Baran',
      language: 'de',
    });
    expect(status()).toBe('success');
    expect(submitButton()).toHaveTextContent('Nachricht gesendet');
    expect(field('Name')).toHaveValue('');
    expect(field('E-Mail')).toHaveValue('');
    expect(field('Nachricht')).toHaveValue('');
    expect(form().getByText('0 / 750 Zeichen')).toBeInTheDocument();

    await advance(CONTACT_STATUS_RESET_MS - 1);
    expect(status()).toBe('success');
    await advance(1);
    expect(status()).toBe('default');
  });

  it.each([
    [
      'a message that could not be stored',
      () => json({ statusCode: 503, message: 'The message could not be stored' }, 503),
    ],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])(
    'shows the error style on %s, logs it, keeps the fields, resets after 3 seconds',
    async (_case, answer) => {
      stubFetch(answer as () => Response);
      const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      renderApp('/');
      fillValid();
      await submit();
      expect(status()).toBe('error');
      expect(consoleError).toHaveBeenCalled();
      expect(field('Name')).toHaveValue('Anna Muster');
      await advance(CONTACT_STATUS_RESET_MS);
      expect(status()).toBe('default');
    },
  );

  it('returns to default on any edit', async () => {
    stubFetch(() => json({ success: true }));
    renderApp('/');
    await submit();
    expect(status()).toBe('error');
    fill({ Name: 'A' });
    expect(status()).toBe('default');

    fillValid();
    await submit();
    expect(status()).toBe('success');
    fill({ Nachricht: 'Noch etwas' });
    expect(status()).toBe('default');
    await advance(CONTACT_STATUS_RESET_MS);
    expect(status()).toBe('default');
  });

  it('restarts the 3 seconds for a new result', async () => {
    stubFetch(() => json({ success: true }));
    renderApp('/');
    await submit();
    await advance(2000);
    await submit();
    await advance(2000);
    expect(status()).toBe('error');
    await advance(1000);
    expect(status()).toBe('default');
  });

  it('shows that it is sending and ignores a second submit meanwhile', async () => {
    let answer!: (response: Response) => void;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderApp('/');
    fillValid();
    await submit();
    expect(submitButton()).toBeDisabled();
    expect(submitButton()).toHaveTextContent('Wird gesendet...');
    await submit();
    expect(fetchMock).toHaveBeenCalledOnce();
    await act(async () => answer(json({ success: true })));
    expect(status()).toBe('success');
    expect(form().getByRole('status')).toHaveTextContent('Nachricht gesendet');
  });
});

describe('contact form on the English page', () => {
  beforeAll(() => loadEnglish());

  it('speaks English and tells the API the form was English', async () => {
    const fetchMock = stubFetch(() => json({ success: true }));
    renderApp('/en/');
    expect(form().getByText('0 / 750 characters')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Send message');
    fireEvent.change(field('Name'), { target: { value: 'Anna Muster' } });
    fireEvent.change(field('E-mail'), { target: { value: 'anna@example.ch' } });
    fireEvent.change(field('Message'), { target: { value: 'Hello Baran' } });
    await submit();
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toMatchObject({ language: 'en' });
    expect(submitButton()).toHaveTextContent('Message sent');
  });
});
