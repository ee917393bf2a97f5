// The protected page's first calls, started by its early script (src/protected-early.ts) while
// the app's code still loads, and adopted by the app instead of made again: a company's link
// then shows its list as soon as the app renders, not two round trips later. The early script
// is a bundle of its own, so `/` loads none of it; the calls reach the app through one
// property of `window`, as the two bundles share no module state. It never holds the code.
import { exchangeAccessCode, type LoginResult } from './api-client';
import {
  DOCUMENTS_PATH,
  documentsOf,
  fetchDocuments,
  type DocumentGroup,
} from './documents-client';
import { request } from './http';

/**
 * The list as started early, for the token it was asked with: the answer itself, read by the
 * app's own client, as an error class of the early bundle is not the app's (a 401 must end
 * the session as the app's ApiError).
 */
interface StartedList {
  token: string;
  answer: Promise<Response>;
}

interface EarlyCalls {
  /** An access link's exchange, when the address carried a code. */
  exchange?: Promise<LoginResult>;
  /** The list for the link's token, or for the stored session's; undefined when refused. */
  list?: Promise<StartedList | undefined>;
}

declare global {
  interface Window {
    portfolioEarlyCalls?: EarlyCalls;
  }
}

// A call the app never adopts (the visitor left first) must not count as an unhandled error.
const quietly = <T>(promise: Promise<T>): Promise<T> => {
  promise.catch(() => undefined);
  return promise;
};

function startList(token: string): StartedList {
  return { token, answer: quietly(request(DOCUMENTS_PATH, { token })) };
}

/**
 * The early script's step: the link's code first, else the stored session's token. Nothing when
 * the app came first (a slow line can deliver the larger file first): it makes its own calls,
 * and an answer no one adopts would stay unread.
 */
export function startEarlyCalls(code: string | undefined, storedToken: string | null): void {
  if (window.portfolioEarlyCalls) return;
  if (code) {
    const exchange = quietly(exchangeAccessCode(code));
    const list = exchange.then(
      ({ success, token }) => (success && token ? startList(token) : undefined),
      () => undefined,
    );
    window.portfolioEarlyCalls = { exchange, list };
  } else if (storedToken) {
    window.portfolioEarlyCalls = { list: Promise.resolve(startList(storedToken)) };
  }
}

/**
 * Takes one early call, once; undefined when no early script ran before (tests, the page reached
 * within the app, the app first). The first take leaves its mark: a later early script starts
 * nothing.
 */
function take<K extends keyof EarlyCalls>(key: K): EarlyCalls[K] {
  const calls = (window.portfolioEarlyCalls ??= {});
  const call = calls[key];
  delete calls[key];
  return call;
}

/** The exchange the early script started for the link's code, if it did. */
export function adoptAccessExchange(): Promise<LoginResult> | undefined {
  return take('exchange');
}

/**
 * An early answer the app does not use, read to its end and dropped: Chromium keeps a request
 * open until its body is read, and one cancelled instead counts as a failed request.
 */
const dropUnread = (started: StartedList | undefined) =>
  void started?.answer.then((response) => response.arrayBuffer()).catch(() => undefined);

/** The document list for `token`: the early call's answer when it asked with this token. */
export function documentsFor(token: string | null): Promise<DocumentGroup[]> {
  const list = take('list');
  if (!list) return fetchDocuments(token);
  if (!token) {
    void list.then(dropUnread);
    return fetchDocuments(token);
  }
  return list.then((started) => {
    if (started?.token === token) return started.answer.then(documentsOf);
    dropUnread(started);
    return fetchDocuments(token);
  });
}
