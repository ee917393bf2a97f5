// The German Impressum and Datenschutzerklärung, in the chunk the footer's popups load;
// en/legal.ts translates them.
import { owner } from '../owner';
import { site } from './site';

const address = `${owner.name}, ${owner.street}, ${owner.postcode} ${owner.city}, ${site.country}`;

export const legal = {
  contactAddress: 'Kontaktadresse',
  phone: 'Telefon',
  email: 'E-Mail',
  /** Impressum after the contact block (address, phone, e-mail), which the dialog renders from `owner`. */
  impressum: {
    disclaimer: {
      heading: 'Haftungsausschluss',
      paragraphs: [
        'Der Autor übernimmt keine Gewähr für die Richtigkeit, Genauigkeit, Aktualität, Zuverlässigkeit und Vollständigkeit der Informationen auf dieser Website.',
        'Haftungsansprüche gegen den Autor wegen Schäden materieller oder immaterieller Art, die aus dem Zugriff auf die veröffentlichten Informationen, durch Missbrauch der Verbindung oder durch technische Störungen entstanden sind, werden ausgeschlossen.',
        'Verweise und Links auf Websites Dritter liegen ausserhalb unseres Verantwortungsbereichs. Der Zugriff und die Nutzung solcher Websites erfolgen auf eigene Gefahr.',
      ],
    },
    copyright: {
      heading: 'Urheberrechte',
      paragraphs: [
        `Die Urheber- und alle anderen Rechte an Inhalten, Bildern, Fotos und anderen Dateien auf dieser Website gehören ausschliesslich ${owner.name} oder den speziell genannten Rechteinhabern. Für die Reproduktion jeglicher Elemente ist die schriftliche Zustimmung der Urheberrechtsträger im Voraus einzuholen.`,
      ],
    },
    purpose: {
      heading: 'Zweck der Website',
      paragraphs: [
        'Diese Website dient ausschliesslich der persönlichen Vorstellung im Rahmen von Bewerbungen. Sie verfolgt keine kommerziellen Zwecke.',
      ],
    },
  },
  /** Datenschutzerklärung: the seven numbered sections of docs/product.md#footer. */
  privacy: {
    general: {
      heading: '1. Allgemeines',
      paragraphs: [
        'Der Schutz Ihrer persönlichen Daten ist mir ein wichtiges Anliegen. Diese Datenschutzerklärung informiert Sie darüber, welche Daten beim Besuch dieser Website bearbeitet werden und wozu. Die Bearbeitung erfolgt nach dem Schweizer Datenschutzgesetz (DSG).',
      ],
    },
    controller: {
      heading: '2. Verantwortliche Stelle',
      paragraphs: [
        `Verantwortlich für die Datenbearbeitung auf dieser Website ist: ${address}, Telefon ${owner.phone}, E-Mail ${owner.email}.`,
      ],
    },
    data: {
      heading: '3. Erhobene Daten',
      paragraphs: [
        'Beim Aufruf der Website werden automatisch folgende Daten in Server-Logdateien erfasst:',
      ],
      items: [
        'IP-Adresse',
        'Datum und Uhrzeit des Zugriffs',
        'verwendeter Browser',
        'Betriebssystem',
        'Referrer-URL (die zuvor besuchte Seite)',
      ],
      closing: [
        'Darüber hinaus werden Daten bearbeitet, die Sie selbst angeben: Name, E-Mail-Adresse, Anmeldedaten für den geschützten Bereich sowie der Inhalt einer Kontaktanfrage. Diese Daten werden nur zur Bearbeitung Ihres Anliegens verwendet.',
        'Persönliche Zugangslinks: Wer von mir einen persönlichen Zugangslink erhalten hat, wird im geschützten Bereich unter dem Namen geführt, für den ich den Zugang erstellt habe (z. B. einer Firma). Protokolliert werden Datum und Uhrzeit, wann der Link geöffnet, die Dokumentenliste angesehen und welches Dokument geöffnet oder heruntergeladen wurde (auch die ZIP-Datei). IP-Adresse und Browser werden in diesem Protokoll nicht gespeichert. Zugriffe mit dem gemeinsamen Login werden ebenso protokolliert, ohne Namen. Zweck: Ich sehe, ob und wann meine Bewerbungsunterlagen angesehen wurden, erhalte darüber eine E-Mail und kann einen Zugang bei Bedarf sofort sperren. Die Einträge werden nach 180 Tagen gelöscht; ein Zugang endet mit seinem Ablaufdatum oder wenn ich ihn widerrufe. Ein Schreiben, das ich eigens für eine Firma hochlade (z. B. ein Motivationsschreiben, das eine Ansprechperson nennen kann), sieht nur der Zugang dieser Firma; es wird gelöscht, wenn ich den Zugang widerrufe oder das Schreiben entferne, spätestens 30 Tage nach Ablauf des Zugangs. Die PDFs, die ein Zugang erhält, tragen auf jeder Seite unten seinen Namen und das Datum, an dem ich den Link erstellt habe, und im Dokument die Kennung des Links: so erkenne ich, von wem eine weitergegebene Kopie stammt. Diese gestempelten Kopien liegen nur auf dem Server, werden nicht gesichert und verschwinden mit dem Zugang. Auf Wunsch lösche ich einen beendeten Zugang sofort, mit seinen Schreiben und Protokolleinträgen.',
      ],
    },
    noDisclosure: {
      heading: '4. Keine Weitergabe an Dritte',
      paragraphs: [
        'Ihre Daten werden nicht an Dritte weitergegeben, verkauft oder anderweitig übermittelt, ausser dies ist gesetzlich vorgeschrieben. Alle Schriften, Symbole und Bilder dieser Website werden vom eigenen Server geladen.',
      ],
    },
    rights: {
      heading: '5. Ihre Rechte',
      paragraphs: ['Sie haben jederzeit das Recht auf:'],
      items: [
        'Auskunft über die zu Ihrer Person gespeicherten Daten',
        'Berichtigung unrichtiger Daten',
        'Löschung Ihrer Daten',
        'Einschränkung der Bearbeitung',
        'Widerspruch gegen die Bearbeitung',
      ],
    },
    cookies: {
      heading: '6. Cookies',
      paragraphs: [
        'Diese Website verwendet keine Werbe- oder Tracking-Cookies. Für die Anmeldung im geschützten Bereich wird lediglich ein Sitzungsschlüssel im lokalen Speicher Ihres Browsers abgelegt und beim Abmelden gelöscht.',
      ],
    },
    security: {
      heading: '7. Sicherheit',
      paragraphs: [
        'Ich setze technische und organisatorische Sicherheitsmassnahmen ein, um Ihre Daten vor Verlust, Manipulation und unberechtigtem Zugriff zu schützen, unter anderem eine verschlüsselte Übertragung (HTTPS) und passwortgeschützte Zugänge. Diese Massnahmen werden laufend dem Stand der Technik angepasst.',
        'Sicherungskopien: Damit bei einem Defekt des Servers nichts verloren geht, sichere ich dessen Daten regelmässig in ein Archiv, das nur mir zugänglich ist. Es enthält das Zugriffsprotokoll der persönlichen Zugangslinks, die eigens für eine Firma hochgeladenen Schreiben, Kontaktanfragen, die noch auf den Versand warten, und den Posteingang mit den eingegangenen Kontaktanfragen. Eine Kopie jedes Archivs lege ich zusätzlich ausserhalb meines Hauses bei einem Speicherdienst ab, den ich selbst gewählt habe; sie ist verschlüsselt, bevor sie den Server verlässt, so dass nur ich sie lesen kann, der Speicherdienst nicht. Für die Archive gilt dieselbe Aufbewahrung, auf dem Server wie beim Speicherdienst: Jede neue Sicherung löscht die ältesten, es bleiben nur die sieben neuesten (bei täglicher Sicherung rund eine Woche). Was auf dem Server gelöscht wurde, verschwindet so spätestens mit dem letzten Archiv, das es noch enthält.',
      ],
    },
  },
} as const;
