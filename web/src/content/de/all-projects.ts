// The German texts of /all-projects, in its chunk; en/all-projects.ts translates them.
export const allProjects = {
  title: 'Alle Projekte',
  description:
    'Alle Projekte eines angehenden Applikationsentwicklers aus Bern, nach Programmiersprache filterbar.',
  filter: 'Nach Sprache filtern',
  count: (count: number) => (count === 1 ? '1 Projekt' : `${count} Projekte`),
  empty: 'Zu dieser Sprache gibt es noch kein Projekt.',
  /** Each project's, by its id (content/projects.ts); the start page shows its title only. */
  descriptions: {
    portfolio:
      'Diese Website: eine schnelle Single-Page-App mit geschütztem Dokumentenbereich, Kontaktformular und zwei Designs.',
    classPlanner:
      'Stundenplan, Prüfungstermine und Hausaufgaben einer Klasse an einem Ort, mit Erinnerungen per E-Mail.',
    stock:
      'Eine Webanwendung für ein kleines Vereinslager: Artikel erfassen, Ausleihen verbuchen und Bestände auswerten.',
    weather:
      'Ein Raspberry Pi misst Temperatur, Luftfeuchtigkeit und Luftdruck und zeigt die Werte als Diagramme im Browser.',
    vocabulary:
      'Lernkarten mit Wiederholung in Intervallen, damit Französisch- und Englischvokabeln wirklich hängen bleiben.',
    budget:
      'Eine Desktop-Anwendung, die Einnahmen und Ausgaben kategorisiert und den Monatsabschluss als Übersicht ausgibt.',
  },
} as const;
