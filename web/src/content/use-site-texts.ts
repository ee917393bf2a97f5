import { useTexts, type Translated } from '../i18n/translation';
import { site } from './de/site';

export type SiteTexts = Translated<typeof site>;

/** The texts of the frame and the start page in the current page's language. */
export const useSiteTexts = () => useTexts(site, (en) => en.site);
