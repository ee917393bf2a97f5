import { useTexts } from '../i18n/translation';
import { allProjects } from './de/all-projects';

export const useAllProjectsTexts = () => useTexts(allProjects, (en) => en.allProjects);
