// Alert texts when opening or downloading a document fails.
export const OPEN_FAILED_MESSAGE = 'Fehler beim Öffnen der Datei';
export const DOWNLOAD_FAILED_MESSAGE = 'Fehler beim Herunterladen der Datei';
export const ZIP_FAILED_MESSAGE = 'Fehler beim Herunterladen der ZIP-Datei';
