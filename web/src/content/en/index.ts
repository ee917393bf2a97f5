// Every English text in one chunk, loaded only on English pages (i18n/translation.ts): an
// English visitor fetches it beside the app, a German one never.
import { aboutTopics } from './about-topics';
import { allProjects } from './all-projects';
import { legal } from './legal';
import { notFound } from './not-found';
import { protectedPage } from './protected';
import { site } from './site';

export const en = { site, allProjects, protectedPage, notFound, aboutTopics, legal };
export type EnglishTexts = typeof en;
