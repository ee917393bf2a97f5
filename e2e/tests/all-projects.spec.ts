// The full project list: heading, the language filter, cards that
// follow the filter, the filter in the address, and the start at the top.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { FILTER_OPTIONS, scrollY } from '../support/site';

/** Six fixed projects built into the client. */
const PROJECT_COUNT = 6;
const EMPTY_TEXT = 'Zu dieser Sprache gibt es noch kein Projekt.';

function filter(page: Page) {
  return page.getByLabel('Nach Sprache filtern');
}

function cards(page: Page) {
  return page.getByRole('main').getByRole('article');
}

async function cardTitles(page: Page): Promise<string[]> {
  return cards(page).getByRole('heading').allInnerTexts();
}

/** Title and languages of every card as the page shows them. */
async function shownProjects(page: Page) {
  return cards(page).evaluateAll((articles) =>
    articles.map((article) => ({
      title: article.querySelector('h2')?.textContent ?? '',
      languages: (article.querySelector('.project-card__languages')?.textContent ?? '').split(', '),
    })),
  );
}

test('heading, filter options and complete cards', async ({ page }) => {
  await page.goto('/all-projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Alle Projekte' })).toBeVisible();
  await expect(filter(page)).toHaveValue('All');
  await expect(filter(page).locator('option')).toHaveText(FILTER_OPTIONS);
  await expect(cards(page)).toHaveCount(PROJECT_COUNT);
  for (const card of await cards(page).all()) {
    await card.scrollIntoViewIfNeeded();
    const image = card.locator('img');
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(card.getByRole('heading')).not.toBeEmpty();
    const link = card.getByRole('link', { name: 'View GitHub' });
    await expect(link).toHaveAttribute('href', /^https:\/\/github\.com\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
  }
});

test('filtering changes the cards and survives a reload through the URL', async ({ page }) => {
  await page.goto('/all-projects');
  await expect(cards(page)).toHaveCount(PROJECT_COUNT);
  const all = await shownProjects(page);
  const language = 'SQL';
  const expected = all.filter((project) => project.languages.includes(language));
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(all.length);

  await filter(page).selectOption(language);
  await expect(page).toHaveURL(/\?sprache=SQL$/);
  await expect(cards(page)).toHaveCount(expected.length);
  expect(await cardTitles(page)).toEqual(expected.map((project) => project.title));

  await page.reload();
  await expect(filter(page)).toHaveValue(language);
  expect(await cardTitles(page)).toEqual(expected.map((project) => project.title));

  await filter(page).selectOption('Go');
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByText(EMPTY_TEXT)).toBeVisible();

  await filter(page).selectOption('All');
  await expect(page).toHaveURL('/all-projects');
  await expect(cards(page)).toHaveCount(all.length);
});

test('the page starts at the top', { tag: '@layout' }, async ({ page }) => {
  await page.goto('/');
  const link = page.getByRole('link', { name: 'Alle Projekte ansehen' });
  await link.scrollIntoViewIfNeeded();
  expect(await scrollY(page)).toBeGreaterThan(300);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alle Projekte' })).toBeVisible();
  expect(await scrollY(page)).toBe(0);
});
