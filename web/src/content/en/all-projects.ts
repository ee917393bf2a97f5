import type { Translated } from '../translated';
import type { allProjects as german } from '../de/all-projects';

export const allProjects: Translated<typeof german> = {
  title: 'All projects',
  description:
    'All projects of a future application developer from Bern, filterable by programming language.',
  filter: 'Filter by language',
  count: (count) => (count === 1 ? '1 project' : `${count} projects`),
  empty: 'There is no project in this language yet.',
};
