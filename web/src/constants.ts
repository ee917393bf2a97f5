// The product's numbers and names (docs/product.md#constants), the one source for the code.
// The message limit is the API's too and lives with it: `@portfolio/api/contact-limits`.

export const CONTACT_STATUS_RESET_MS = 3000;

export const SCROLL_ANIMATION_MS = 500;
export const NAVIGATE_THEN_SCROLL_DELAY_MS = 100;
export const FOLLOW_UP_SCROLL_DELAY_MS = 500;

export const NARROW_BREAKPOINT_PX = 768;
export const SMALL_BREAKPOINT_PX = 360;
/** The breakpoints as media queries, for scripts and `sizes`; CSS writes its own. */
export const NARROW_QUERY = `(max-width: ${NARROW_BREAKPOINT_PX}px)`;
export const SMALL_QUERY = `(max-width: ${SMALL_BREAKPOINT_PX}px)`;
export const NARROW_SCROLL_OFFSET_PX = -80;
/** On wide screens the follow-up adjustment is minus half the window height plus this. */
export const WIDE_SCROLL_OFFSET_EXTRA_PX = 50;

export const MARQUEE_MAX_PROJECTS = 6;

export const COPYRIGHT_YEAR = 2025;

export const STORAGE_KEY_AUTHENTICATED = 'isAuthenticated';
export const STORAGE_KEY_TOKEN = 'token';

/** An access link's fragment before its code: `/protected#zugang=<code>`. */
export const ACCESS_LINK_PREFIX = '#zugang=';

export const ZIP_FILE_NAME = 'documents.zip';

export const FILTER_ALL = 'All';
export const FILTER_OPTIONS = [
  FILTER_ALL,
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
] as const;

export type FilterOption = (typeof FILTER_OPTIONS)[number];

/** Section anchor ids of the home page, in display order. */
export const SECTION_IDS = [
  'home',
  'about',
  'education',
  'projects',
  'documents',
  'contact',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];
