import { projects, type Project } from '../content/projects';
import { useSiteTexts } from './use-site-texts';

/** A project with its title in the current page's language. */
export interface ShownProject extends Project {
  title: string;
}

export function useProjects(): ShownProject[] {
  const { titles } = useSiteTexts().projects;
  return projects.map((project) => ({ ...project, title: titles[project.id] }));
}
