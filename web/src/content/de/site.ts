// The German texts of the frame and the start page (docs/product.md#languages): loaded with
// the app. en/site.ts holds the same texts in English.
import { owner } from '../owner';

export const site = {
  meta: {
    homeTitle: `${owner.name} – Applikationsentwickler in Ausbildung, Bern`,
    homeDescription: `Portfolio von ${owner.name}, Applikationsentwickler in Ausbildung in Bern: Profil, Skills, Bildungsweg, Projekte und Kontakt.`,
    ogTitle: `${owner.name} – Applikationsentwickler in Ausbildung`,
    ogDescription:
      'Profil, Skills, Bildungsweg und Projekte eines angehenden Applikationsentwicklers aus Bern.',
    ogLocale: 'de_CH',
    noscript: 'Diese Website braucht JavaScript. Bitte aktiviere es in deinem Browser.',
  },
  /** The name of the other language, in that language: the header's switch. */
  otherLanguage: 'English',
  country: 'Schweiz',
  loading: 'Wird geladen...',
  skipLink: 'Zum Inhalt springen',
  backToTop: 'Nach oben',
  backHome: 'Zurück zur Startseite',
  close: 'Schliessen',
  header: {
    home: 'zur Startseite',
    navigation: 'Hauptnavigation',
    themeTitle: 'Design wechseln',
    classic: 'Klassisch',
    modern: 'Modern',
    openMenu: 'Menü öffnen',
    closeMenu: 'Menü schliessen',
    unlocked: '(entsperrt)',
    locked: '(gesperrt)',
  },
  nav: {
    home: 'Startseite',
    about: 'Über mich',
    education: 'Schule',
    projects: 'Projekte',
    documents: 'Dokumente',
    contact: 'Kontakt',
  },
  login: {
    form: 'Anmeldung',
    username: 'Benutzername',
    password: 'Passwort',
    checking: 'Überprüfen...',
    cancel: 'Abbrechen',
    invalid: 'Ungültiger Benutzername oder Passwort',
    serverError: 'Serverfehler. Bitte versuche es erneut.',
  },
  home: {
    greeting: 'Hallo, ich bin',
    role: 'Applikationsentwickler in Ausbildung',
    lead: 'Ich entwickle Webanwendungen, die schnell, zugänglich und sauber gebaut sind, und suche einen Ort, an dem ich mit einem starken Team weiterlernen kann.',
    portraitAlt: `Porträt von ${owner.name} (Platzhalter)`,
    facts: [
      { label: 'Geburtsdatum', value: '14. März 2007' },
      { label: 'Wohnort', value: 'Bern, Schweiz' },
      { label: 'Beruf', value: 'Applikationsentwickler in Ausbildung' },
      {
        label: 'Ausbildung',
        value: 'Informatiker EFZ Applikationsentwicklung an der BWD (IMS) und an der gibb',
      },
      { label: 'Sprachen', value: 'Deutsch, Englisch, Kurdisch' },
    ],
    skills: 'Skills',
    quote:
      'Guter Code ist nicht der, der funktioniert, sondern der, den andere morgen noch verstehen.',
    quoteSource: 'Mein Leitsatz',
    contactMe: 'Kontakt aufnehmen',
    seeProjects: 'Projekte ansehen',
  },
  about: {
    eyebrow: 'Wer ich bin',
    intro:
      'Ich bin Baran, lebe in Bern und mache meine Ausbildung zum Informatiker EFZ mit Schwerpunkt Applikationsentwicklung. Am liebsten baue ich Webanwendungen vom Datenmodell bis zur Oberfläche und lerne dabei jeden Tag etwas Neues.',
    skillBoxes: { languages: 'Programmiersprachen', tools: 'Tools' },
    more: 'Mehr über mich',
    less: 'Weniger anzeigen',
  },
  education: {
    eyebrow: 'Mein Bildungsweg',
    moreInfo: 'Weitere Infos',
    picture: (school: string, number: number) => `${school}, Bild ${number}`,
    schools: {
      primary: { name: 'Primarschule Bern-West', years: '2013 – 2019' },
      secondary: { name: 'Oberstufe Bern-West (Sekundarschule)', years: '2019 – 2022' },
      bff: { name: 'BFF Bern – Berufsvorbereitendes Schuljahr', years: '2022 – 2023' },
      apprenticeship: { name: 'BWD Bern (IMS) und gibb Berufsfachschule Bern', years: 'seit 2023' },
    },
  },
  projects: {
    eyebrow: 'Was ich gebaut habe',
    selected: 'Ausgewählte Projekte',
    all: 'Alle Projekte ansehen',
    titles: {
      portfolio: 'Portfolio-Website',
      classPlanner: 'Klassenplaner',
      stock: 'Lagerverwaltung',
      weather: 'Wetterstation',
      vocabulary: 'Vokabeltrainer',
      budget: 'Budget-Rechner',
    },
  },
  documents: {
    eyebrow: 'Bewerbungsunterlagen',
    loggedIn: 'Du bist angemeldet. Lebenslauf, Zeugnisse und Bestätigungen findest du hier:',
    open: 'Passwortgeschützte Seite öffnen',
    loggedOut:
      'Lebenslauf, Zeugnisse und Kursbestätigungen sind passwortgeschützt. Die Zugangsdaten erhältst du mit meiner Bewerbung.',
  },
  contact: {
    eyebrow: 'Schreib mir',
    intro:
      'Du hast eine Lehrstelle, ein Praktikum oder eine Frage zu meinen Projekten? Ich freue mich auf deine Nachricht und antworte in der Regel innert zwei Tagen.',
    email: 'E-Mail',
    phone: 'Telefon',
    place: 'Ort',
    form: 'Kontaktformular',
    name: 'Name',
    message: 'Nachricht',
    counter: (length: number, max: number) => `${length} / ${max} Zeichen`,
    honeypot: 'Bitte leer lassen',
    sending: 'Wird gesendet...',
    status: {
      default: 'Nachricht senden',
      success: 'Nachricht gesendet',
      error: 'Fehler, bitte prüfen',
    },
  },
  footer: {
    impressum: 'Impressum',
    privacy: 'Datenschutz',
    privacyTitle: 'Datenschutzerklärung',
  },
} as const;
