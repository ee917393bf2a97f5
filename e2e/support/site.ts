// The product's rules the tests check (docs/product.md), written out rather
// than imported from the app so that a change on either side shows, and
// locators for the shared parts of every page (header, navigation, login panel)
// in the page's language (support/languages.ts).
import type { Page } from '@playwright/test';
import { textsOf, type LanguageTexts } from './languages';

export type SectionId = LanguageTexts['sections'][number]['id'];
export const MESSAGE_MAX_LENGTH = 750;
export const CONTACT_STATUS_RESET_MS = 3000;
export const COPYRIGHT_YEAR = 2025;
export const ZIP_FILE_NAME = 'documents.zip';
export const NARROW_BREAKPOINT_PX = 768;
export const SMALL_BREAKPOINT_PX = 360;

export const FILTER_OPTIONS = [
  'All',
  'HTML',
  'CSS',
  'JavaScript',
  'TypeScript',
  'React',
  'Vue',
  'Angular',
  'Svelte',
  'Node.js',
  'Express',
  'PHP',
  'Laravel',
  'Python',
  'Django',
  'Flask',
  'Java',
  'Spring',
  'C#',
  '.NET',
  'C++',
  'Rust',
  'Go',
  'Kotlin',
  'Swift',
  'MongoDB',
  'SQL',
  'Hardware',
];

export function nav(page: Page) {
  return page.getByRole('navigation', { name: textsOf(page).navigation });
}

export function burger(page: Page) {
  const { openMenu, closeMenu } = textsOf(page);
  return page.getByRole('button', { name: new RegExp(`^(${openMenu}|${closeMenu})$`) });
}

/** The nav link of a section; "Dokumente"/"Documents" carries the lock state in its name. */
export function navLink(page: Page, label: string) {
  return nav(page).getByRole('link', { name: new RegExp(`^${label}`) });
}

/** Opens the burger menu when the screen is narrow enough to have one. */
export async function openMenuIfFolded(page: Page): Promise<void> {
  if (await burger(page).isVisible()) await burger(page).click();
}

/** Runs `check` with the navigation shown, folding the burger menu again afterwards. */
export async function withMenuOpen(page: Page, check: () => Promise<void>): Promise<void> {
  const folded = await burger(page).isVisible();
  if (folded) await burger(page).click();
  await check();
  if (folded) await burger(page).click();
}

/** Follows a nav link like a visitor does, through the burger menu on phones. */
export async function goToSection(page: Page, label: string): Promise<void> {
  await openMenuIfFolded(page);
  await navLink(page, label).click();
}

export function sectionHeading(page: Page, id: SectionId) {
  return page.locator(`#${id}-title`);
}

/** The header's Login toggle (the panel's own submit button has the same name). */
export function headerLoginButton(page: Page) {
  return page
    .getByRole('banner')
    .getByRole('button', { name: 'Login', exact: true })
    .and(page.locator('[aria-expanded]'));
}

export function loginDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Login' });
}

export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}
