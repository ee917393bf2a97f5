// The texts the browser tests read, per language (docs/product.md#languages), written out
// rather than imported from the app so that a change on either side shows. A page's language
// is its address's: German at the root, English under /en/.
import type { Page } from '@playwright/test';

const GERMAN = {
  code: 'de',
  /** The address of a page (`/`, `/all-projects`) in this language. */
  path: (page: string) => page,
  sections: [
    { id: 'home', label: 'Startseite' },
    { id: 'about', label: 'Über mich' },
    { id: 'education', label: 'Schule' },
    { id: 'projects', label: 'Projekte' },
    { id: 'documents', label: 'Dokumente' },
    { id: 'contact', label: 'Kontakt' },
  ],
  navigation: 'Hauptnavigation',
  openMenu: 'Menü öffnen',
  closeMenu: 'Menü schliessen',
  home: 'zur Startseite',
  locked: '(gesperrt)',
  unlocked: '(entsperrt)',
  classic: 'Klassisch',
  otherLanguage: 'English',
  allProjects: 'Alle Projekte',
  backHome: 'Zurück zur Startseite',
  loginForm: 'Anmeldung',
  username: 'Benutzername',
  password: 'Passwort',
  checking: 'Überprüfen...',
  cancel: 'Abbrechen',
  loginInvalid: 'Ungültiger Benutzername oder Passwort',
  serverError: 'Serverfehler. Bitte versuche es erneut.',
  openProtected: 'Passwortgeschützte Seite öffnen',
  gate: 'Geschützter Bereich',
  protectedTitle: 'Dokumente',
  welcome: 'Willkommen!',
  open: 'Öffnen',
  zip: 'Alle Dokumente herunterladen (ZIP)',
  zipLoading: /^ZIP wird geladen\.\.\. \d+ % \([\d.]+ von [\d.]+ MB\)$/,
  openFailed: 'Fehler beim Öffnen der Datei',
  downloadFailed: 'Fehler beim Herunterladen der Datei',
  zipFailed: 'Fehler beim Herunterladen der ZIP-Datei',
  busy: 'Die Dokumente werden gerade vorbereitet. Bitte versuche es in einer Minute noch einmal.',
  contactForm: 'Kontaktformular',
  contactFields: { name: 'Name', email: 'E-Mail', message: 'Nachricht' },
  counter: (length: number) => `${length} / 750 Zeichen`,
  send: 'Nachricht senden',
  sent: 'Nachricht gesendet',
  /** The line of the owner's mail, which is German whatever the form's language. */
  mailLanguage: 'Sprache des Formulars: Deutsch',
  impressum: {
    link: 'Impressum',
    title: 'Impressum',
    content: /Kontaktadresse[\s\S]*Telefon[\s\S]*E-Mail/,
  },
  privacy: {
    link: 'Datenschutz',
    title: 'Datenschutzerklärung',
    content: /1\. Allgemeines[\s\S]*7\. Sicherheit/,
  },
  close: 'Schliessen',
  notFound: 'Seite nicht gefunden',
  notFoundHome: 'Zur Startseite',
  unknownPath: '/gibt-es-nicht',
};

export type LanguageTexts = typeof GERMAN;

const ENGLISH: LanguageTexts = {
  code: 'en',
  path: (page) => `/en${page}`,
  sections: [
    { id: 'home', label: 'Home' },
    { id: 'about', label: 'About me' },
    { id: 'education', label: 'Education' },
    { id: 'projects', label: 'Projects' },
    { id: 'documents', label: 'Documents' },
    { id: 'contact', label: 'Contact' },
  ],
  navigation: 'Main navigation',
  openMenu: 'Open menu',
  closeMenu: 'Close menu',
  home: 'to the start page',
  locked: '(locked)',
  unlocked: '(unlocked)',
  classic: 'Classic',
  otherLanguage: 'Deutsch',
  allProjects: 'All projects',
  backHome: 'Back to the start page',
  loginForm: 'Sign-in',
  username: 'Username',
  password: 'Password',
  checking: 'Checking...',
  cancel: 'Cancel',
  loginInvalid: 'Invalid username or password',
  serverError: 'Server error. Please try again.',
  openProtected: 'Open the password-protected page',
  gate: 'Protected area',
  protectedTitle: 'Documents',
  welcome: 'Welcome!',
  open: 'Open',
  zip: 'Download all documents (ZIP)',
  zipLoading: /^Loading ZIP\.\.\. \d+ % \([\d.]+ of [\d.]+ MB\)$/,
  openFailed: 'Error opening the file',
  downloadFailed: 'Error downloading the file',
  zipFailed: 'Error downloading the ZIP file',
  busy: 'The documents are being prepared. Please try again in a minute.',
  contactForm: 'Contact form',
  contactFields: { name: 'Name', email: 'E-mail', message: 'Message' },
  counter: (length) => `${length} / 750 characters`,
  send: 'Send message',
  sent: 'Message sent',
  mailLanguage: 'Sprache des Formulars: Englisch',
  impressum: {
    link: 'Legal notice',
    title: 'Legal notice',
    content: /Contact address[\s\S]*Phone[\s\S]*E-mail/,
  },
  privacy: { link: 'Privacy', title: 'Privacy policy', content: /1\. General[\s\S]*7\. Security/ },
  close: 'Close',
  notFound: 'Page not found',
  notFoundHome: 'To the start page',
  unknownPath: '/en/does-not-exist',
};

export const LANGUAGES = [GERMAN, ENGLISH];

/** The texts of the language the page is in, read from its address as the site does. */
export function textsOf(page: Page): LanguageTexts {
  return /^\/en(\/|$)/.test(new URL(page.url()).pathname) ? ENGLISH : GERMAN;
}
