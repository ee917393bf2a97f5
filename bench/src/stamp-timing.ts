// What a company waits for when its PDFs are stamped (docs/product.md#the-stamp):
// the first open of a 5 MB PDF (the copy is made), the opens after it (nginx
// sends the copy) beside a bare nginx sending the same file, and its first
// documents.zip, which stamps every PDF of the document set.
import type { Stack } from '@portfolio/stack';
import { startBareNginx } from './bare-nginx.ts';
import type { DocumentSet } from './document-set.ts';
import { load } from './load.ts';
import { makeAccessLink, redeem } from './access-link.ts';
import { drain, timeZipDownloads } from './zip-download.ts';
import type { Row } from './report.ts';
import { ratioRow } from './figures.ts';
import { timed } from './timed.ts';

const FIRST_OPEN_BOUND_S = 2;
// Below nginx's 60 s wait for the API (nginx/templates/api-proxy.conf), which would be a 504.
const FIRST_ZIP_BOUND_S = 45;
const LOAD_SECONDS = 10;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const bounded = (figure: string, seconds: number, reference: string, bound: number): Row => ({
  figure,
  measured: `${seconds.toFixed(2)} s`,
  reference,
  comparison: '',
  goal: `<= ${bound} s`,
  met: seconds <= bound,
});

export async function stampRows(app: Stack, docs: DocumentSet): Promise<Row[]> {
  const token = await redeem(app, await makeAccessLink(app, 'Zürcher Söhne AG'));
  const url = `${app.baseUrl}/api/download/${docs.stampedFile}`;
  const { seconds: first } = await timed(() => drain(url, token));
  const nginx = await startBareNginx(docs.dir, `/${docs.stampedFile}`);
  try {
    const download = { connections: 10, durationSeconds: LOAD_SECONDS };
    const repeated = await load({ ...download, url, headers: bearer(token) });
    const direct = await load({ ...download, url: `${nginx.url}/${docs.stampedFile}` });
    const mbps = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    // A second company: its first documents.zip stamps every PDF it gets.
    const other = await redeem(app, await makeAccessLink(app, 'Basler Bäckerei AG'));
    const zipSeconds = await timeZipDownloads(`${app.baseUrl}/api/download-all`, other, 1);
    return [
      bounded('First open of a stamped 5 MB PDF (copy made)', first, '', FIRST_OPEN_BOUND_S),
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
