// The German 404 page, in its chunk; en/not-found.ts translates it.
export const notFound = {
  title: 'Seite nicht gefunden',
  text: 'Diese Seite gibt es leider nicht. Vielleicht hat sich ein Tippfehler in die Adresse eingeschlichen.',
  home: 'Zur Startseite',
} as const;
