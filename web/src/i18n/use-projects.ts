import { projects, type Project } from '../content/projects';
import { useSiteTexts } from './use-site-texts';

/** A project with its title and description in the current page's language. */
export interface ShownProject extends Project {
  title: string;
  description: string;
}

export function useProjects(): ShownProject[] {
  const { list } = useSiteTexts().projects;
  return projects.map((project) => ({ ...project, ...list[project.id] }));
}
