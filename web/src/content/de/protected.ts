// The German texts of /protected, in its chunk; en/protected.ts translates them.
export const protectedPage = {
  title: 'Dokumente',
  gate: {
    heading: 'Geschützter Bereich',
    text: 'Bitte melde dich an, um die Bewerbungsunterlagen zu sehen.',
  },
  welcome: 'Willkommen!',
  lead: 'Hier findest du meine Bewerbungsunterlagen zum Ansehen und Herunterladen.',
  loading: 'Dokumente werden geladen...',
  loadFailed: 'Die Dokumente konnten nicht geladen werden.',
  retry: 'Erneut versuchen',
  open: 'Öffnen',
  documentLoading: 'Dokument wird geladen...',
  zip: 'Alle Dokumente herunterladen (ZIP)',
  zipLoading: 'ZIP wird geladen...',
  /** Sizes and progress: "37 % (7.4 von 20 MB)". */
  numberMarks: { decimal: '.', group: "'" },
  of: 'von',
  openFailed: 'Fehler beim Öffnen der Datei',
  downloadFailed: 'Fehler beim Herunterladen der Datei',
  zipFailed: 'Fehler beim Herunterladen der ZIP-Datei',
  /** The API asked to try again shortly: the stamped copies could not be made just now. */
  busy: 'Die Dokumente werden gerade vorbereitet. Bitte versuche es in einer Minute noch einmal.',
  /** A personal access link (docs/product.md#personal-access-links). */
  accessLink: {
    /** The heading, before the access's name: "Bewerbung für Muster AG". */
    greeting: 'Bewerbung für',
    /** Its own PDFs' group, before its name: "Für Muster AG". */
    ownGroup: 'Für',
    /** What the log keeps of the visit; the privacy text says more. */
    recorded:
      'Protokolliert werden das Öffnen dieses Links und jedes angesehene oder heruntergeladene Dokument, ohne IP-Adresse und Browser.',
    /** Unless its stamp is off (docs/product.md#the-stamp). */
    stamped: (name: string) =>
      `Jede Seite der PDFs trägt unten den Namen ${name} und das Datum dieses Links.`,
    checking: 'Zugangslink wird geprüft...',
    refused: 'Dieser Zugangslink ist ungültig, abgelaufen oder wurde widerrufen.',
    error: 'Der Zugangslink konnte nicht geprüft werden. Bitte öffne ihn später noch einmal.',
  },
} as const;
