import { describe, expect, it } from 'vitest';
import { aboutTopics } from './de/about-topics';
import { allProjects } from './de/all-projects';
import { legal } from './de/legal';
import { notFound } from './de/not-found';
import { protectedPage } from './de/protected';
import { site } from './de/site';
import { en } from './en';

// The type check holds the two languages to the same shape; this states the rule where a reader
// of the tests looks for it, and catches what types let through (an empty text, a "ß").
const german = { site, allProjects, protectedPage, notFound, aboutTopics, legal };

/** Keys, list lengths and function arities of a text tree; every text becomes "text". */
function shape(value: unknown): unknown {
  if (typeof value === 'string') return 'text';
  if (typeof value === 'function') return `function of ${value.length}`;
  if (Array.isArray(value)) return value.map(shape);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, shape(item)]),
    );
  }
  return value;
}

/** Every text of a tree, functions called with sample arguments. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String(value('Muster', 2))];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(texts);
  return [];
}

describe('the site texts', () => {
  it('come in English for exactly the parts they come in German', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(german).sort());
  });

  it.each(Object.keys(german) as (keyof typeof german)[])(
    '%s has the same keys, lists and functions in both languages',
    (part) => {
      expect(shape(en[part])).toEqual(shape(german[part]));
    },
  );

  it.each([
    ['German', german],
    ['English', en],
  ])('leave no %s text empty', (_language, tree) => {
    expect(texts(tree).filter((text) => text.trim() === '')).toEqual([]);
  });

  it('write German the Swiss way, with "ss" and never "ß"', () => {
    expect(texts(german).filter((text) => text.includes('ß'))).toEqual([]);
  });
});
