import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { ApiError } from './api-client';
import { downloadAll, downloadFile, fetchDocuments } from './documents-client';
import { isUnauthorized } from './http';

describe('documents client', () => {
  it('sends the bearer token and URL-encodes the file name', async () => {
    const fetchMock = stubFetch(
      () => new Response('PDF', { headers: { 'Content-Type': 'application/pdf' } }),
    );
    const blob = await downloadFile({ filename: 'Lebenslauf Demir#1.pdf' }, 'tok');
    expect(await blob.text()).toBe('PDF');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/download/Lebenslauf%20Demir%231.pdf');
    expect(init?.headers).toEqual({ Authorization: 'Bearer tok' });
  });

  it("fetches an access's own PDF by its id, never by its name", async () => {
    const fetchMock = stubFetch(() => new Response('PDF'));
    const own = { filename: '../Brief.pdf', id: 'a-b_c' };
    await downloadFile(own, 'tok', undefined, 'open');
    expect(fetchMock.mock.calls[0][0]).toBe('/api/letters/a-b_c?intent=open');
  });

  it('loads the document groups with the bearer token', async () => {
    const groups = [
      { section: 'Bewerbung', files: [{ name: 'Lebenslauf', filename: 'cv.pdf', size: 10 }] },
    ];
    const fetchMock = stubFetch(() => json(groups));
    await expect(fetchDocuments('tok')).resolves.toEqual(groups);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/documents');
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ Authorization: 'Bearer tok' });
  });

  it('turns a refused guarded call into an ApiError that says unauthorized, others into ApiError', async () => {
    stubFetch(() => json({ statusCode: 401, message: 'Unauthorized' }, 401));
    expect(isUnauthorized(await fetchDocuments('alt').catch((error: unknown) => error))).toBe(true);
    stubFetch(() => json({ statusCode: 404, message: 'Not Found' }, 404));
    await expect(downloadFile({ filename: 'fehlt.pdf' }, 'tok')).rejects.toBeInstanceOf(ApiError);
  });

  it('streams the ZIP and reports the bytes received, without Content-Length', async () => {
    const parts = [new Uint8Array(300_000), new Uint8Array(200_000)];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        parts.forEach((part) => controller.enqueue(part));
        controller.close();
      },
    });
    const fetchMock = stubFetch(
      () => new Response(body, { headers: { 'Content-Type': 'application/zip' } }),
    );
    const progress: [number, number | null][] = [];
    const blob = await downloadAll('tok', (received, total) => progress.push([received, total]));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/download-all');
    expect(fetchMock.mock.calls[0][1]?.headers).toEqual({ Authorization: 'Bearer tok' });
    expect(blob.size).toBe(500_000);
    expect(progress).toEqual([
      [0, null],
      [300_000, null],
      [500_000, null],
    ]);
  });

  it('reports the total when the ZIP answer has a Content-Length', async () => {
    stubFetch(() => new Response(new Uint8Array(1000), { headers: { 'Content-Length': '1000' } }));
    const progress: [number, number | null][] = [];
    await downloadAll('tok', (received, total) => progress.push([received, total]));
    expect(progress.at(-1)).toEqual([1000, 1000]);
  });
});
