// Scrolling of the home page navigation (docs/product.md#header-and-navigation): a 500 ms
// animation that centres the section, and the follow-up adjustment used after navigating with a scrollTo state.
import {
  FOLLOW_UP_SCROLL_DELAY_MS,
  NARROW_QUERY,
  NARROW_SCROLL_OFFSET_PX,
  SCROLL_ANIMATION_MS,
  SECTION_IDS,
  WIDE_SCROLL_OFFSET_EXTRA_PX,
  type SectionId,
} from '../constants';
import { matches, REDUCED_MOTION_QUERY } from './media-query';

let runningAnimation = 0;

function easeInOutCubic(progress: number): number {
  return progress < 0.5 ? 4 * progress ** 3 : 1 - (-2 * progress + 2) ** 3 / 2;
}

/**
 * Animates the window to `top` over 500 ms; jumps when the user prefers less motion. A function
 * is read at every frame: the sections far below the fold take their rendered height only as
 * they near the viewport (styles/layout.css), which moves what lies below them on the way.
 */
export function animateScrollTo(top: number | (() => number)): void {
  cancelAnimationFrame(runningAnimation);
  const target = () => Math.max(0, typeof top === 'function' ? top() : top);
  if (matches(REDUCED_MOTION_QUERY)) {
    window.scrollTo(0, target());
    return;
  }
  const start = window.scrollY;
  let startTime: number | null = null;
  const step = (now: number) => {
    startTime ??= now;
    const progress = Math.min(1, (now - startTime) / SCROLL_ANIMATION_MS);
    window.scrollTo(0, start + (target() - start) * easeInOutCubic(progress));
    if (progress < 1) runningAnimation = requestAnimationFrame(step);
  };
  runningAnimation = requestAnimationFrame(step);
}

function documentTop(element: HTMLElement): number {
  return element.getBoundingClientRect().top + window.scrollY;
}

function stickyHeaderHeight(): number {
  return document.querySelector('.site-header')?.getBoundingClientRect().height ?? 0;
}

/** Centres the section; one taller than the screen starts just below the sticky header. */
export function centredTop(element: HTMLElement): number {
  const { height } = element.getBoundingClientRect();
  return documentTop(element) - Math.max(stickyHeaderHeight(), (window.innerHeight - height) / 2);
}

export function scrollToSection(id: string): void {
  const element = document.getElementById(id);
  if (element) animateScrollTo(() => centredTop(element));
}

/**
 * The section of the start page at the middle of the screen, none for the first one: where a
 * visitor switching language wants to be again.
 */
export function sectionInView(): SectionId | null {
  const middle = window.innerHeight / 2;
  const passed = SECTION_IDS.filter(
    (id) => (document.getElementById(id)?.getBoundingClientRect().top ?? Infinity) <= middle,
  );
  const section = passed.at(-1);
  return section && section !== SECTION_IDS[0] ? section : null;
}

/** How long a section that is not on the page yet is waited for. */
const SECTION_WAIT_LIMIT_MS = 3000;

/**
 * Scrolls to the section as soon as it exists: after navigating to the start
 * page, a slow device may render it later than the 100 ms the navigation waits.
 */
export function scrollToSectionWhenRendered(id: string): void {
  if (document.getElementById(id)) {
    scrollToSection(id);
    return;
  }
  const observer = new MutationObserver(() => {
    if (!document.getElementById(id)) return;
    stopWaiting();
    scrollToSection(id);
  });
  const timer = window.setTimeout(() => stopWaiting(), SECTION_WAIT_LIMIT_MS);
  function stopWaiting() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}

/** -80 px up to 768 px wide, otherwise minus half the window height plus 50. */
export function followUpOffset(): number {
  return matches(NARROW_QUERY)
    ? NARROW_SCROLL_OFFSET_PX
    : -window.innerHeight / 2 + WIDE_SCROLL_OFFSET_EXTRA_PX;
}

/** Scrolls the section to the top, then adjusts after 500 ms. Returns a cancel function. */
export function scrollToSectionWithFollowUp(id: string): () => void {
  const element = document.getElementById(id);
  if (!element) return () => undefined;
  animateScrollTo(() => documentTop(element));
  const timer = window.setTimeout(
    () => animateScrollTo(() => documentTop(element) + followUpOffset()),
    FOLLOW_UP_SCROLL_DELAY_MS,
  );
  return () => window.clearTimeout(timer);
}
