import { describe, expect, it } from 'vitest';
import * as constants from './constants';

describe('business constants of spec §9', () => {
  it('holds the message limit and the timings', () => {
    expect(constants.MESSAGE_MAX_LENGTH).toBe(750);
    expect(constants.CONTACT_STATUS_RESET_MS).toBe(3000);
    expect(constants.SCROLL_ANIMATION_MS).toBe(500);
    expect(constants.NAVIGATE_THEN_SCROLL_DELAY_MS).toBe(100);
    expect(constants.FOLLOW_UP_SCROLL_DELAY_MS).toBe(500);
  });

  it('holds the breakpoints and offsets', () => {
    expect(constants.NARROW_BREAKPOINT_PX).toBe(768);
    expect(constants.SMALL_BREAKPOINT_PX).toBe(360);
    expect(constants.NARROW_SCROLL_OFFSET_PX).toBe(-80);
    expect(constants.WIDE_SCROLL_OFFSET_EXTRA_PX).toBe(50);
    expect(constants.TIMELINE_DOT_OFFSET_SMALL).toBe('10px');
    expect(constants.TIMELINE_DOT_OFFSET_NARROW).toBe('20px');
    expect(constants.TIMELINE_DOT_OFFSET_WIDE).toBe('50%');
  });

  it('holds the limits, year, storage keys and file name', () => {
    expect(constants.MARQUEE_MAX_PROJECTS).toBe(6);
    expect(constants.SKILL_LEVEL_MIN).toBe(25);
    expect(constants.SKILL_LEVEL_MAX).toBe(85);
    expect(constants.COPYRIGHT_YEAR).toBe(2025);
    expect(constants.STORAGE_KEY_AUTHENTICATED).toBe('isAuthenticated');
    expect(constants.STORAGE_KEY_TOKEN).toBe('token');
    expect(constants.ZIP_FILE_NAME).toBe('documents.zip');
  });

  it('lists the filter options in order, starting with All', () => {
    expect(constants.FILTER_OPTIONS).toEqual([
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
    ]);
  });

  it('names the home sections in display order', () => {
    expect(constants.SECTION_IDS).toEqual([
      'home',
      'about',
      'education',
      'projects',
      'documents',
      'contact',
    ]);
  });
});
