// The German texts of /all-projects, in its chunk; en/all-projects.ts translates them.
export const allProjects = {
  title: 'Alle Projekte',
  description:
    'Alle Projekte eines angehenden Applikationsentwicklers aus Bern, nach Programmiersprache filterbar.',
  filter: 'Nach Sprache filtern',
  count: (count: number) => (count === 1 ? '1 Projekt' : `${count} Projekte`),
  empty: 'Zu dieser Sprache gibt es noch kein Projekt.',
} as const;
