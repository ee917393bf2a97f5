import budgetImage from '../assets/projects/budget.webp';
import classImage from '../assets/projects/klassenplaner.webp';
import stockImage from '../assets/projects/lager.webp';
import portfolioImage from '../assets/projects/portfolio.webp';
import vocabularyImage from '../assets/projects/vokabeln.webp';
import weatherImage from '../assets/projects/wetter.webp';
import type { FilterOption } from '../constants';
import type { ImageRef } from './image';
import { owner } from './owner';

export interface Project {
  title: string;
  img: ImageRef;
  /** Each one of FILTER_OPTIONS, so every project can be found by filtering. */
  languages: Exclude<FilterOption, 'All'>[];
  description: string;
  github: string;
}

const size = { width: 640, height: 400 };

export const projects: Project[] = [
  {
    title: 'Portfolio-Website',
    img: { src: portfolioImage, ...size },
    languages: ['React', 'TypeScript', 'Node.js', 'CSS'],
    description:
      'Diese Website: eine schnelle Single-Page-App mit geschütztem Dokumentenbereich, Kontaktformular und zwei Designs.',
    github: `${owner.github}/portfolio`,
  },
  {
    title: 'Klassenplaner',
    img: { src: classImage, ...size },
    languages: ['Vue', 'JavaScript', 'Express', 'MongoDB'],
    description:
      'Stundenplan, Prüfungstermine und Hausaufgaben einer Klasse an einem Ort, mit Erinnerungen per E-Mail.',
    github: `${owner.github}/klassenplaner`,
  },
  {
    title: 'Lagerverwaltung',
    img: { src: stockImage, ...size },
    languages: ['PHP', 'Laravel', 'SQL'],
    description:
      'Eine Webanwendung für ein kleines Vereinslager: Artikel erfassen, Ausleihen verbuchen und Bestände auswerten.',
    github: `${owner.github}/lagerverwaltung`,
  },
  {
    title: 'Wetterstation',
    img: { src: weatherImage, ...size },
    languages: ['Python', 'Flask', 'Hardware'],
    description:
      'Ein Raspberry Pi misst Temperatur, Luftfeuchtigkeit und Luftdruck und zeigt die Werte als Diagramme im Browser.',
    github: `${owner.github}/wetterstation`,
  },
  {
    title: 'Vokabeltrainer',
    img: { src: vocabularyImage, ...size },
    languages: ['Java', 'Spring', 'SQL'],
    description:
      'Lernkarten mit Wiederholung in Intervallen, damit Französisch- und Englischvokabeln wirklich hängen bleiben.',
    github: `${owner.github}/vokabeltrainer`,
  },
  {
    title: 'Budget-Rechner',
    img: { src: budgetImage, ...size },
    languages: ['C#', '.NET'],
    description:
      'Eine Desktop-Anwendung, die Einnahmen und Ausgaben kategorisiert und den Monatsabschluss als Übersicht ausgibt.',
    github: `${owner.github}/budget-rechner`,
  },
];
