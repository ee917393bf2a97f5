import { useTexts } from './translation';
import { aboutTopics } from '../content/de/about-topics';

export const useAboutTopicsTexts = () => useTexts(aboutTopics, (en) => en.aboutTopics);
