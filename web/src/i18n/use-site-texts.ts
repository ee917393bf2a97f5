import { useTexts } from './translation';
import { site } from '../content/de/site';

/** The texts of the frame and the start page in the current page's language. */
export const useSiteTexts = () => useTexts(site, (en) => en.site);
