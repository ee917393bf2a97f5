// Login error texts: which form shows which is in docs/product.md#login.
export const LOGIN_INVALID_MESSAGE = 'Ungültiger Benutzername oder Passwort';
export const LOGIN_SERVER_ERROR_MESSAGE = 'Serverfehler. Bitte versuche es erneut.';
// Access link texts: docs/product.md#personal-access-links.
export const ACCESS_LINK_REFUSED_MESSAGE =
  'Dieser Zugangslink ist ungültig, abgelaufen oder wurde widerrufen.';
export const ACCESS_LINK_ERROR_MESSAGE =
  'Der Zugangslink konnte nicht geprüft werden. Bitte öffne ihn später noch einmal.';
export const ACCESS_LINK_CHECKING_MESSAGE = 'Zugangslink wird geprüft...';
