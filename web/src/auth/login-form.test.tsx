import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { json, pending, stubFetch } from '../test/fetch-stub';
import { LoginForm } from './login-form';
import type { LoginVariant } from './use-login-form';
import { SessionProvider } from './session-context';

function renderForm(variant: LoginVariant, onSuccess = vi.fn(), onCancel?: () => void) {
  render(
    // The router says which language the page is in.
    <MemoryRouter>
      <SessionProvider>
        <LoginForm variant={variant} onSuccess={onSuccess} onCancel={onCancel} />
      </SessionProvider>
    </MemoryRouter>,
  );
  return { onSuccess };
}

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(screen.getByPlaceholderText('Benutzername'), username);
  if (password) await user.type(screen.getByPlaceholderText('Passwort'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('login form (header and documents section)', () => {
  it('has labelled fields with their placeholders and a Login button', () => {
    renderForm('standard', vi.fn(), vi.fn());
    expect(screen.getByLabelText('Benutzername')).toHaveAttribute('placeholder', 'Benutzername');
    expect(screen.getByLabelText('Passwort')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });

  it('logs in on success: stores token and flag, clears the fields, reports success', async () => {
    const fetchMock = stubFetch(() => json({ success: true, token: 'jwt' }));
    const { onSuccess } = renderForm('standard');
    await fillAndSubmit('bewerbung', 'geheim');
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
    expect(localStorage.getItem('token')).toBe('jwt');
    expect(screen.getByPlaceholderText('Benutzername')).toHaveValue('');
    expect(screen.getByPlaceholderText('Passwort')).toHaveValue('');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      username: 'bewerbung',
      password: 'geheim',
    });
  });

  it('sends empty values as typed, with no client-side rules', async () => {
    const fetchMock = stubFetch(() => json({ success: false }, 401));
    renderForm('standard');
    await fillAndSubmit('', '');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      username: '',
      password: '',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ungültiger Benutzername oder Passwort',
    );
  });

  it.each([
    ['success false', () => json({ success: false }, 401)],
    ['success true without token', () => json({ success: true })],
    ['a server error', () => json({ statusCode: 500, message: 'x' }, 500)],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows the invalid-credentials message on %s', async (_case, answer) => {
    stubFetch(answer as () => Response);
    const { onSuccess } = renderForm('standard');
    await fillAndSubmit('x', 'y');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ungültiger Benutzername oder Passwort',
    );
    expect(onSuccess).not.toHaveBeenCalled();
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
  });

  it('is busy while the request is pending: disabled, "Überprüfen...", second submit ignored', async () => {
    const answer = pending();
    const fetchMock = stubFetch(() => answer.promise);
    renderForm('standard', vi.fn(), vi.fn());
    await fillAndSubmit('bewerbung', 'geheim');

    const busyButton = screen.getByRole('button', { name: 'Überprüfen...' });
    expect(busyButton).toBeDisabled();
    expect(screen.getByPlaceholderText('Benutzername')).toBeDisabled();
    expect(screen.getByPlaceholderText('Passwort')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeDisabled();
    act(() => busyButton.closest('form')!.requestSubmit());
    expect(fetchMock).toHaveBeenCalledOnce();

    await act(async () => answer.resolve(json({ success: false }, 401)));
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('clears the error text at the start of the next attempt', async () => {
    stubFetch(() => json({ success: false }, 401));
    renderForm('standard');
    const user = await fillAndSubmit('x', 'y');
    expect(await screen.findByRole('alert')).toBeInTheDocument();

    const answer = pending();
    stubFetch(() => answer.promise);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => answer.resolve(json({ success: true, token: 't' })));
  });

  it('calls onCancel from Abbrechen', async () => {
    const onCancel = vi.fn();
    renderForm('standard', vi.fn(), onCancel);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('login form (gate on /protected)', () => {
  it('reads success only: success true logs in', async () => {
    stubFetch(() => json({ success: true }));
    const { onSuccess } = renderForm('gate');
    await fillAndSubmit('bewerbung', 'geheim');
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(localStorage.getItem('isAuthenticated')).toBe('true');
  });

  it('shows "Ungültiger Benutzername oder Passwort" when success is false', async () => {
    stubFetch(() => json({ success: false }, 401));
    renderForm('gate');
    await fillAndSubmit('x', 'y');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ungültiger Benutzername oder Passwort',
    );
  });

  it.each([
    ['a server error', () => json({ statusCode: 500, message: 'x' }, 500)],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows "Serverfehler. Bitte versuche es erneut." on %s', async (_case, answer) => {
    stubFetch(answer as () => Response);
    renderForm('gate');
    await fillAndSubmit('x', 'y');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Serverfehler. Bitte versuche es erneut.',
    );
  });
});
