// The owner page's German, in Swiss spelling. The page exists in German only.
import type { AsIsReason } from '@portfolio/api/contract';

/** Why a PDF goes without the stamp (docs/product.md#the-stamp). */
const AS_IS: Record<AsIsReason, string> = {
  signed: 'signiert',
  encrypted: 'verschlüsselt',
  unreadable: 'nicht lesbar',
  'too-costly': 'zu gross oder zu aufwändig',
};

export const OWNER_TEXTS = {
  title: 'Verwaltung',
  lead: 'Zugänge für Firmen erstellen, zeigen und beenden.',
  noPasskeys:
    'Dieser Browser kann hier keine Passkeys verwenden: die Seite braucht HTTPS (oder localhost).',
  signIn: 'Mit Passkey anmelden',
  setUp: 'Passkey für dieses Gerät einrichten',
  setUpLead:
    'Dieser Einrichtungslink gilt 15 Minuten und nur einmal. Danach meldest du dich mit dem Passkey an.',
  busy: 'Bitte den Passkey bestätigen …',
  cancelled: 'Abgebrochen. Nochmals versuchen?',
  expired: 'Die Sitzung ist abgelaufen. Bitte neu anmelden.',
  newAccess: 'Neuer Zugang',
  company: 'Firma',
  days: 'Gültig (Tage)',
  create: 'Link erstellen',
  firstLetter: 'Eigenes PDF (freiwillig)',
  /** The link was made, its first PDF not: the code below still counts. */
  firstLetterRefused: (why: string) =>
    `Der Zugang ist erstellt, das PDF aber nicht: ${why} Es lässt sich unten beim Zugang hinzufügen.`,
  accessFor: (name: string) => `Zugang für ${name}`,
  validUntil: (date: string) => `gültig bis ${date}`,
  link: 'Link',
  code: 'Code',
  codeOnce: 'Der Code wird nur jetzt angezeigt.',
  copy: 'Link kopieren',
  copied: 'Link kopiert.',
  share: 'Teilen',
  showLarge: 'QR-Code gross zeigen',
  qrLabel: (name: string) => `QR-Code des Links für ${name}`,
  accesses: 'Zugänge',
  noAccesses: 'Noch keine Zugänge.',
  states: { active: 'aktiv', expired: 'abgelaufen', revoked: 'widerrufen' },
  created: 'Erstellt',
  expires: 'Läuft ab',
  firstUse: 'Erste Nutzung',
  lastUse: 'Letzte Nutzung',
  never: 'noch nie',
  uses: 'Aufrufe',
  downloads: 'Downloads',
  showLog: 'Protokoll',
  hideLog: 'Protokoll schliessen',
  noLog: 'Noch keine Zugriffe.',
  revoke: 'Widerrufen',
  revokeQuestion: (name: string) =>
    `Den Zugang für ${name} jetzt beenden? Offene Sitzungen enden sofort; der Link gilt nicht mehr.`,
  cancel: 'Abbrechen',
  passkeys: 'Passkeys',
  lastUsed: 'zuletzt benutzt',
  remove: 'Entfernen',
  removeQuestion: (label: string) =>
    `Den Passkey „${label}“ entfernen? Mit diesem Gerät ist dann keine Anmeldung mehr möglich. Zum Bestätigen fragt der Browser nach dem Passkey.`,
  addDevice: 'Weiteres Gerät hinzufügen',
  addDeviceLead: (date: string) =>
    `Mit dem anderen Gerät scannen (gültig bis ${date}, einmal verwendbar):`,
  setupQrLabel: 'QR-Code des Einrichtungslinks',
  loading: 'Lädt …',
  sections: 'Bereiche',
  sectionsLegend: 'Diese Firma sieht',
  allSections: 'alle',
  noSection: 'keinen',
  editSections: 'Bereiche ändern',
  saveSections: 'Bereiche speichern',
  ownFiles: 'Eigene Dateien',
  ownFilesLead: (count: number, mb: number) =>
    `Nur diese Firma sieht sie, vor den Bereichen: höchstens ${count} PDFs zu je ${mb} MB.`,
  noOwnFiles: 'Noch keine.',
  addFile: 'PDF hinzufügen',
  fileFor: (name: string) => `PDF für ${name}`,
  newVersion: (name: string) => `Neue Fassung von „${name}“`,
  fileName: 'Bezeichnung',
  upload: 'Hochladen',
  uploading: 'Wird hochgeladen …',
  uploaded: (name: string) => `„${name}“ hochgeladen.`,
  tooBig: (mb: number) => `Die Datei ist grösser als ${mb} MB.`,
  full: (count: number) =>
    `Schon ${count} eigene Dateien: zum Hinzufügen eine entfernen oder ersetzen.`,
  replace: 'Ersetzen',
  damaged: 'beschädigt: die Firma sieht sie nicht, bis du sie ersetzt',
  stamp: 'Stempel',
  stampLead:
    'Jede Seite ihrer PDFs trägt unten diese Zeile, auch in documents.zip: so zeigt jede weitergegebene Kopie, an wen sie ging.',
  stampPreview: (name: string) => `Vorschau des Stempels für ${name}`,
  stampOff: 'Ohne Stempel: die Firma erhält die PDFs unverändert.',
  stampAsIs:
    'Ohne Stempel gehen auch digital signierte PDFs hinaus (die Signatur bliebe sonst nicht gültig) und verschlüsselte, beschädigte oder zu aufwändige; sobald die Firma eines öffnet, steht es hier.',
  /** A PDF this link gets as it is: "Zeugnis.pdf geht ungestempelt: signiert". */
  unstamped: (name: string, reason: AsIsReason) => `${name} geht ungestempelt: ${AS_IS[reason]}`,
  stampSwitch: 'Name auf jeder Seite',
  removeFileQuestion: (name: string) =>
    `„${name}“ entfernen? Die Firma sieht die Datei dann nicht mehr.`,
};

const ZURICH = { timeZone: 'Europe/Zurich' } as const;

export const localTime = (iso: string) =>
  new Date(iso).toLocaleString('de-CH', { ...ZURICH, dateStyle: 'medium', timeStyle: 'short' });

export const localDate = (iso: string) => new Date(iso).toLocaleDateString('de-CH', ZURICH);
