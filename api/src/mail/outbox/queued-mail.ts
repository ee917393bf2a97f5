import { randomUUID } from 'node:crypto';

/** A composed contact mail, ready for nodemailer. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  /** The visitor, for a contact message; none for the site's own notices to the owner. */
  replyTo?: { name: string; address: string };
}

/** A message in the outbox with its delivery state. */
export interface QueuedMail {
  id: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  lastError?: string;
  mail: OutgoingMail;
}

/** A new message, due now; its id starts with its time, so the queue sorts oldest first. */
export function newQueuedMail(mail: OutgoingMail, now = Date.now()): QueuedMail {
  const id = `${String(now).padStart(15, '0')}-${randomUUID()}`;
  return { id, createdAt: now, attempts: 0, nextAttemptAt: now, mail };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const areStrings = (value: Record<string, unknown>, keys: string[]) =>
  keys.every((key) => typeof value[key] === 'string');
const areNumbers = (value: Record<string, unknown>, keys: string[]) =>
  keys.every((key) => Number.isFinite(value[key]));

/** True for a file's content that the worker can deliver; anything else is quarantined. */
export function isQueuedMail(value: unknown): value is QueuedMail {
  if (!isObject(value) || !isObject(value.mail)) return false;
  const { replyTo } = value.mail;
  return (
    typeof value.id === 'string' &&
    areNumbers(value, ['createdAt', 'attempts', 'nextAttemptAt']) &&
    areStrings(value.mail, ['from', 'to', 'subject', 'text']) &&
    (replyTo === undefined || (isObject(replyTo) && areStrings(replyTo, ['name', 'address'])))
  );
}
