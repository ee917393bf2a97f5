import { FILTER_ALL, FILTER_OPTIONS, type FilterOption } from '../../constants';
import type { Project } from '../../content/projects';

/** Reads the filter from the URL; anything unknown falls back to All. */
export function parseFilter(value: string | null): FilterOption {
  return FILTER_OPTIONS.find((option) => option === value) ?? FILTER_ALL;
}

export function filterProjects<T extends Project>(projects: T[], filter: FilterOption): T[] {
  if (filter === FILTER_ALL) return projects;
  return projects.filter((project) => project.languages.some((language) => language === filter));
}
