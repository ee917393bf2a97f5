import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { ApiError, login, sendMail } from './api-client';

describe('api client', () => {
  it('posts the login as JSON and reads success and token', async () => {
    const fetchMock = stubFetch(() => json({ success: true, token: 'abc' }));
    await expect(login('bewerbung', 'geheim')).resolves.toEqual({ success: true, token: 'abc' });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/login');
    expect(init).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(JSON.parse(String(init?.body))).toEqual({ username: 'bewerbung', password: 'geheim' });
  });

  it('reads a refused login (401 {success:false}) as success false', async () => {
    stubFetch(() => json({ success: false }, 401));
    await expect(login('', '')).resolves.toEqual({ success: false, token: undefined });
  });

  it('throws on a login answer without a success field and on network errors', async () => {
    stubFetch(() => json({ statusCode: 500, message: 'Interner Fehler' }, 500));
    await expect(login('a', 'b')).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(login('a', 'b')).rejects.toThrow('Failed to fetch');
  });

  it('posts a mail as JSON and fails on any answer that is not ok', async () => {
    const fetchMock = stubFetch(() => json({ success: true }));
    const message = {
      name: 'Anna',
      email: 'anna@example.ch',
      message: 'Grüezi',
      language: 'de',
    } as const;
    await sendMail(message);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/mail');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual(message);
    stubFetch(() => json({ statusCode: 502, message: 'SMTP' }, 502));
    await expect(sendMail(message)).rejects.toBeInstanceOf(ApiError);
  });
});
