// What goes to a company without the stamp, and that the owner sees it: a
// genuinely signed PDF leaves byte for byte and is named on the owner's page
// with its reason; one that only mentions a signature's byte range in a
// comment is stamped like any other.
import { getBytes } from './support/binary';
import { OwnerPage, startOwnerPage } from './support/owner-page';
import { pageTexts } from './support/pdf-reader';
import { scratchDir } from './support/scratch';
import { corpusPdf } from './support/stamping';

describe('a PDF that goes out as it is', () => {
  let page: OwnerPage;
  afterAll(() => page?.testApp.close());

  it('sends a signed PDF unchanged and names it on the owner’s page; a /ByteRange comment is stamped', async () => {
    page = await startOwnerPage(scratchDir('api-stamp-as-is-'));
    const owner = page.as((await page.register()).ownerToken);
    const made = await owner.post('/api/owner/accesses', { name: 'Zürcher Söhne AG' }).expect(201);
    const upload = async (file: string, label: string) => {
      const bytes = await corpusPdf(file);
      const letter = await owner
        .upload(`/api/owner/accesses/${made.body.id}/letters`, bytes, label)
        .expect(201);
      return { bytes, path: `/api/letters/${letter.body.id}` };
    };
    const signed = await upload('signed', 'Arbeitszeugnis');
    const mentioned = await upload('byterange-comment', 'Brief');
    const { token } = (await page.post('/api/auth/access', { code: made.body.code }).expect(200))
      .body;

    const sentSigned = await getBytes(page.testApp, signed.path, token).expect(200);
    expect(sentSigned.body.equals(signed.bytes)).toBe(true);
    const sentMentioned = await getBytes(page.testApp, mentioned.path, token).expect(200);
    for (const text of pageTexts(sentMentioned.body))
      expect(text).toContain('Zürcher Söhne AG · Bewerbung / application');

    const [listed] = (await owner.get('/api/owner/accesses').expect(200)).body;
    expect(listed.unstamped).toEqual([{ name: 'Arbeitszeugnis', reason: 'signed' }]);
  });
});
