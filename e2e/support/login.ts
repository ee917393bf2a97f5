// Filling and sending the one login form of the site, wherever it sits.
import type { Locator, Page } from '@playwright/test';
import { textsOf } from './languages';
import type { StackInfo } from './stack-info';

const pageOf = (scope: Page | Locator) => ('page' in scope ? scope.page() : scope);

export function loginForm(scope: Page | Locator) {
  return scope.getByRole('form', { name: textsOf(pageOf(scope)).loginForm });
}

export async function submitLogin(form: Locator, username: string, password: string) {
  const texts = textsOf(form.page());
  await form.getByPlaceholder(texts.username).fill(username);
  await form.getByPlaceholder(texts.password).fill(password);
  await form.getByRole('button', { name: 'Login' }).click();
}

export function submitCorrectLogin(form: Locator, stack: StackInfo) {
  return submitLogin(form, stack.username, stack.password);
}

export function submitWrongLogin(form: Locator, stack: StackInfo) {
  return submitLogin(form, stack.username, `${stack.password}-falsch`);
}
