// What a company waits for when its PDFs are stamped (docs/product.md#the-stamp):
// the first open of a 5 MB PDF (the copy is made), alone and while another
// link's first documents.zip is being stamped (the links take turns), the
// opens after it (nginx sends the copy) beside a bare nginx sending the same
// file, its first documents.zip, which stamps every PDF of the document set,
// and the bytes the stamp adds to a PDF and to documents.zip.
import type { Stack } from '@portfolio/stack';
import { startBareNginx } from './bare-nginx.ts';
import type { DocumentSet } from './document-set.ts';
import { load } from './load.ts';
import { makeAccessLink, redeem } from './access-link.ts';
import { drain, timeZipDownloads, downloadSize } from './zip-download.ts';
import type { Row } from './report.ts';
import { ratioRow } from './figures.ts';
import { timed } from './timed.ts';

const FIRST_OPEN_BOUND_S = 2;
// Below nginx's 60 s wait for the API (nginx/templates/api-proxy.conf), which would be a 504.
const FIRST_ZIP_BOUND_S = 45;
const LOAD_SECONDS = 10;
// Another link's documents.zip has its PDFs queued by then (the bench, not a test: a pause is fine).
const ZIP_HEAD_START_MS = 1000;

/** The size a download is sent with (Content-Length). */
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const bounded = (figure: string, seconds: number, reference: string, bound: number): Row => ({
  figure,
  measured: `${seconds.toFixed(2)} s`,
  reference,
  comparison: '',
  goal: `<= ${bound} s`,
  met: seconds <= bound,
});

/**
 * Seconds a new link's first open of `url` takes while a third link's first documents.zip is
 * stamped; it fails unless that open got a stamped copy (larger than the shared login's original).
 */
async function firstOpenBesideZip(app: Stack, url: string, login: string): Promise<number> {
  const [zipper, opener] = [
    await redeem(app, await makeAccessLink(app, 'Genfer Uhren SA')),
    await redeem(app, await makeAccessLink(app, 'Luzerner Druck AG')),
  ];
  const zip = drain(`${app.baseUrl}/api/download-all`, zipper);
  await new Promise((resolve) => setTimeout(resolve, ZIP_HEAD_START_MS));
  const { seconds } = await timed(() => drain(url, opener));
  await zip;
  if ((await downloadSize(url, opener)) <= (await downloadSize(url, login)))
    throw new Error(`${url} went unstamped beside another link's documents.zip`);
  return seconds;
}

export async function stampRows(app: Stack, docs: DocumentSet, login: string): Promise<Row[]> {
  const token = await redeem(app, await makeAccessLink(app, 'Zürcher Söhne AG'));
  const url = `${app.baseUrl}/api/download/${docs.stampedFile}`;
  const { seconds: first } = await timed(() => drain(url, token));
  const beside = await firstOpenBesideZip(app, url, login);
  const added = (await downloadSize(url, token)) - (await downloadSize(url, login));
  const nginx = await startBareNginx(docs.dir, `/${docs.stampedFile}`);
  try {
    const download = { connections: 10, durationSeconds: LOAD_SECONDS };
    const repeated = await load({ ...download, url, headers: bearer(token) });
    const direct = await load({ ...download, url: `${nginx.url}/${docs.stampedFile}` });
    const mbps = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    // A second company: its first documents.zip stamps every PDF it gets.
    const other = await redeem(app, await makeAccessLink(app, 'Basler Bäckerei AG'));
    const zipUrl = `${app.baseUrl}/api/download-all`;
    const zipSeconds = await timeZipDownloads(zipUrl, other, 1);
    const zipAdded = (await downloadSize(zipUrl, other)) - (await downloadSize(zipUrl, login));
    return [
      bounded('First open of a stamped 5 MB PDF (copy made)', first, '', FIRST_OPEN_BOUND_S),
      bounded(
        "The same, while another link's first documents.zip is stamped",
        beside,
        `alone: ${first.toFixed(2)} s`,
        2 * FIRST_OPEN_BOUND_S,
      ),
      {
        figure: 'Bytes the stamp adds: to the 5 MB PDF; to documents.zip',
        measured: `${kb(added)}; ${kb(zipAdded)}`,
        reference: `${docs.pdfCount} PDFs in the ZIP`,
        comparison: `${kb(zipAdded / docs.pdfCount)} a PDF in the ZIP`,
        // The font's cut for the line (about 5 KB) once, a few hundred bytes a page.
        goal: '',
        met: null,
      },
      ratioRow(
        'MB/s for the stamped 5 MB PDF once made, via the API and nginx',
        'MB/s',
        mbps(repeated.bytesPerSecond),
        mbps(direct.bytesPerSecond),
        0.9,
      ),
      bounded(
        `First documents.zip for a link (${docs.pdfCount} PDFs stamped)`,
        zipSeconds,
        `${(docs.totalBytes / 1024 / 1024).toFixed(0)} MB`,
        FIRST_ZIP_BOUND_S,
      ),
    ];
  } finally {
    await nginx.stop();
  }
}
