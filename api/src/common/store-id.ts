// The ids the site's stores make (9 random bytes, base64url): an access's and
// a letter's. A letter's file is named after its id and its access's, so a
// store edited by hand can never point a path elsewhere: an id of any other
// shape makes the store damaged.
import { randomBytes } from 'node:crypto';

export const STORE_ID = /^[\w-]{12}$/;
export const newStoreId = () => randomBytes(9).toString('base64url');
