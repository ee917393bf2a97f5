import { vi } from 'vitest';

export type Handler = (request: { url: string; init: RequestInit }) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Stubs the network boundary: every fetch goes to `handler`; the mock records the calls. */
export function stubFetch(handler: Handler) {
  const mock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(handler({ url: String(input), init })),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** A request that never answers, to look at a form while it is busy. */
export function pending(): { promise: Promise<Response>; resolve: (response: Response) => void } {
  let resolve!: (response: Response) => void;
  const promise = new Promise<Response>((done) => (resolve = done));
  return { promise, resolve };
}
