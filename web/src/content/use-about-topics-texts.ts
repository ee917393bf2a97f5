import { useTexts } from '../i18n/translation';
import { aboutTopics } from './de/about-topics';

export const useAboutTopicsTexts = () => useTexts(aboutTopics, (en) => en.aboutTopics);
