// Filling and sending the one login form of the site, wherever it sits.
import type { Locator, Page } from '@playwright/test';
import type { StackInfo } from './stack-info';

export function loginForm(scope: Page | Locator) {
  return scope.getByRole('form', { name: 'Anmeldung' });
}

export async function submitLogin(form: Locator, username: string, password: string) {
  await form.getByPlaceholder('Benutzername').fill(username);
  await form.getByPlaceholder('Passwort').fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

export function submitCorrectLogin(form: Locator, stack: StackInfo) {
  return submitLogin(form, stack.username, stack.password);
}

export function submitWrongLogin(form: Locator, stack: StackInfo) {
  return submitLogin(form, stack.username, `${stack.password}-falsch`);
}
