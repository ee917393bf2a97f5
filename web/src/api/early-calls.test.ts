import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { documentsFor, startEarlyCalls } from './early-calls';

describe('the early calls', () => {
  it("let go of a list asked with another token, and ask with the app's", async () => {
    const cancelled: string[] = [];
    const fetchMock = stubFetch((request) => {
      const token = new Headers(request.init.headers).get('Authorization');
      if (token === 'Bearer new') return json([]);
      const body = new ReadableStream({ cancel: () => void cancelled.push(String(token)) });
      return new Response(body, { headers: { 'Content-Type': 'application/json' } });
    });
    startEarlyCalls(undefined, 'old');
    await expect(documentsFor('new')).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await expect.poll(() => cancelled).toEqual(['Bearer old']);
  });
});
