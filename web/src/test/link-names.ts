import { expect } from 'vitest';

/**
 * The links' names as a screen reader reads them, in order: a link's text can hold both
 * session variants, of which CSS shows one (auth/session-variant.tsx).
 */
export function expectLinkNames(links: HTMLElement[], names: string[]): void {
  expect(links).toHaveLength(names.length);
  names.forEach((name, index) => expect(links[index]).toHaveAccessibleName(name));
}
