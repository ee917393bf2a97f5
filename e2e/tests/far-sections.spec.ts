// The start page's sections far below the fold cost no style or layout until they near the
// viewport; until then each stands in for its content's height as measured in
// web/src/styles/layout.css. A measure far from the section's real height would make the page
// longer or shorter than it is until the visitor scrolls there: this keeps them close as the
// texts change.
import { expect, test } from '../support/fixtures';

const FAR_SECTIONS = ['education', 'projects'];
/** How far a measure may be from the rendered height, as a share of it. */
const TOLERANCE = 0.25;

test(
  'each far section stands in for a height close to its own',
  { tag: '@layout' },
  async ({ page }) => {
    await page.goto('/');
    for (const id of FAR_SECTIONS) {
      const { measure, height } = await page.locator(`#${id}`).evaluate((section) => {
        const style = getComputedStyle(section);
        const stoodFor = Number.parseFloat(style.containIntrinsicHeight.replace('auto', ''));
        // Rendered as it would be near the viewport, its padding aside like the measure's.
        section.style.contentVisibility = 'visible';
        const padding =
          Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
        return { measure: stoodFor, height: section.getBoundingClientRect().height - padding };
      });
      expect(
        Math.abs(measure - height) / height,
        `#${id}: ${measure} px for ${height} px`,
      ).toBeLessThan(TOLERANCE);
    }
  },
);

test(
  'a jump to the footer moves nothing under the finger once the sections there render',
  { tag: '@layout' },
  async ({ page }) => {
    await page.goto('/');
    const button = page.getByRole('contentinfo').getByRole('button', { name: 'Impressum' });
    // Where the visitor sees the button right after the jump, and a few frames later.
    const [atJump, later] = await button.evaluate(async (element) => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const top = () => element.getBoundingClientRect().top;
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      const first = top();
      for (let count = 0; count < 5; count += 1) await frame();
      return [first, top()];
    });
    // Less than a pixel: the anchoring of a section rendered above the viewport rounds.
    expect(Math.abs(later - atJump), `from ${atJump} px to ${later} px`).toBeLessThan(1);
  },
);
