// Login error texts: which form shows which is in docs/product.md#login.
export const LOGIN_INVALID_MESSAGE = 'Ungültiger Benutzername oder Passwort';
export const LOGIN_SERVER_ERROR_MESSAGE = 'Serverfehler. Bitte versuche es erneut.';
