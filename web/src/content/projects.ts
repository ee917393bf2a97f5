import budgetImage from '../assets/projects/budget.webp';
import classImage from '../assets/projects/klassenplaner.webp';
import stockImage from '../assets/projects/lager.webp';
import portfolioImage from '../assets/projects/portfolio.webp';
import vocabularyImage from '../assets/projects/vokabeln.webp';
import weatherImage from '../assets/projects/wetter.webp';
import type { FilterOption } from '../constants';
import type { ImageRef } from './image';
import { owner } from './owner';
import type { site } from './de/site';

/**
 * A project's facts; its title and description are texts of each language (de/site.ts and
 * de/all-projects.ts).
 */
export interface Project {
  id: keyof (typeof site)['projects']['titles'];
  img: ImageRef;
  /** Each one of FILTER_OPTIONS, so every project can be found by filtering. */
  languages: Exclude<FilterOption, 'All'>[];
  github: string;
}

const size = { width: 640, height: 400 };

export const projects: Project[] = [
  {
    id: 'portfolio',
    img: { src: portfolioImage, ...size },
    languages: ['React', 'TypeScript', 'Node.js', 'CSS'],
    github: `${owner.github}/portfolio`,
  },
  {
    id: 'classPlanner',
    img: { src: classImage, ...size },
    languages: ['Vue', 'JavaScript', 'Express', 'MongoDB'],
    github: `${owner.github}/klassenplaner`,
  },
  {
    id: 'stock',
    img: { src: stockImage, ...size },
    languages: ['PHP', 'Laravel', 'SQL'],
    github: `${owner.github}/lagerverwaltung`,
  },
  {
    id: 'weather',
    img: { src: weatherImage, ...size },
    languages: ['Python', 'Flask', 'Hardware'],
    github: `${owner.github}/wetterstation`,
  },
  {
    id: 'vocabulary',
    img: { src: vocabularyImage, ...size },
    languages: ['Java', 'Spring', 'SQL'],
    github: `${owner.github}/vokabeltrainer`,
  },
  {
    id: 'budget',
    img: { src: budgetImage, ...size },
    languages: ['C#', '.NET'],
    github: `${owner.github}/budget-rechner`,
  },
];
