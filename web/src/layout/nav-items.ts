import type { SectionId } from '../constants';

export interface NavItem {
  id: SectionId;
  label: string;
}

export const NAV_ITEMS: NavItem[] = [
  { id: 'home', label: 'Startseite' },
  { id: 'about', label: 'Über mich' },
  { id: 'education', label: 'Schule' },
  { id: 'projects', label: 'Projekte' },
  { id: 'documents', label: 'Dokumente' },
  { id: 'contact', label: 'Kontakt' },
];
