// The school timeline: four schools newest first, the last with two links;
// items alternate on wide screens and all come from the right at 768 px or
// less; the dot offset is 50%, 20px, or 10px at 360 px or less.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { NARROW_BREAKPOINT_PX, SMALL_BREAKPOINT_PX } from '../support/site';

function items(page: Page) {
  return page.locator('#education ol > li');
}

/** Horizontal start offset of each item before it scrolls into view (slide-in direction). */
function slideOffsets(page: Page): Promise<number[]> {
  return items(page).evaluateAll((lis) =>
    lis.map((li) => new DOMMatrixReadOnly(getComputedStyle(li).transform).m41),
  );
}

/** Where each dot's centre sits, measured from the left edge of its item. */
async function dotOffsets(page: Page): Promise<number[]> {
  return items(page).evaluateAll((lis) =>
    lis.map((li) => {
      const dot = li.querySelector('.timeline__dot')?.getBoundingClientRect();
      const box = li.getBoundingClientRect();
      return dot ? Math.round(dot.left + dot.width / 2 - box.left) : Number.NaN;
    }),
  );
}

async function revealTimeline(page: Page) {
  for (const item of await items(page).all()) await item.scrollIntoViewIfNeeded();
  await expect(items(page).last()).toHaveCSS('opacity', '1');
  await expect(items(page).first()).toHaveCSS('opacity', '1');
}

test('four schools, newest first, with their info links', async ({ page }) => {
  await page.goto('/');
  await expect(items(page)).toHaveCount(4);
  // The data's last entry (the current schools) is shown first.
  const newest = items(page).first();
  await expect(newest.getByRole('link')).toHaveText([
    'Weitere Infos (IMS)',
    'Weitere Infos (Gibb)',
  ]);
  await expect(newest.locator('img')).toHaveCount(2);
  for (const item of (await items(page).all()).slice(1)) {
    await expect(item.locator('img')).toHaveCount(1);
    await expect(item.getByRole('link')).toHaveText(['Weitere Infos']);
  }
});

test(
  'slide-in sides and dot offset follow the screen width',
  { tag: '@layout' },
  async ({ page }) => {
    await page.goto('/');
    const width = page.viewportSize()?.width ?? 0;
    const offsets = await slideOffsets(page);
    if (width > NARROW_BREAKPOINT_PX) {
      expect(offsets.map(Math.sign)).toEqual([-1, 1, -1, 1]);
    } else {
      expect(offsets.every((offset) => offset > 0)).toBe(true);
    }
    await revealTimeline(page);
    const itemWidth = (await items(page).first().boundingBox())?.width ?? 0;
    const expected = width > NARROW_BREAKPOINT_PX ? Math.round(itemWidth / 2) : 20;
    expect(await dotOffsets(page)).toEqual([expected, expected, expected, expected]);
  },
);

test('at 360 px the dots sit 10px from the edge', { tag: '@mobile' }, async ({ page }) => {
  await page.setViewportSize({ width: SMALL_BREAKPOINT_PX, height: 740 });
  await page.goto('/');
  expect((await slideOffsets(page)).every((offset) => offset > 0)).toBe(true);
  await revealTimeline(page);
  expect(await dotOffsets(page)).toEqual([10, 10, 10, 10]);
  await page.setViewportSize({ width: SMALL_BREAKPOINT_PX + 1, height: 740 });
  await expect.poll(() => dotOffsets(page)).toEqual([20, 20, 20, 20]);
});
