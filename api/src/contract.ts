// Every shape the web sends to the API or reads from it, each declared once
// in the room that answers with it and gathered here for the web
// (@portfolio/api/contract). The controllers are typed with the same types,
// so a changed answer fails the web's typecheck where it is read. Types
// only: the web's bundle takes nothing from here.
export type { LoginAnswer, LoginRefusal } from './auth/auth-views';
export type { ListedGroup } from './documents/documents.types';
export type { ContactMessage } from './mail/contact-message';
export type {
  AccessView,
  LetterView,
  LogEntryView,
  NewAccess,
  OwnerSession,
  PasskeyView,
  SetupLinkView,
} from './owner/owner-views';
export type { AsIsReason } from './stamp/as-is-reason';
