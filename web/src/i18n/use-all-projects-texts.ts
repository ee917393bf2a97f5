import { useTexts } from './translation';
import { allProjects } from '../content/de/all-projects';

export const useAllProjectsTexts = () => useTexts(allProjects, (en) => en.allProjects);
