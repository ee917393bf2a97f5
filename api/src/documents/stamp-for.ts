// Which files a holder gets stamped (docs/product.md#the-stamp): a link's PDFs
// unless the owner switched its stamp off; the shared login gets the originals.
import type { AccessHolder } from '../access/access.service';
import type { StampFor } from '../stamp/stamp-cache';
import { stampLine } from '../stamp/stamp-line';

export function stampFor({ access }: AccessHolder): StampFor | undefined {
  if (!access || access.stamp === false) return undefined;
  return { linkId: access.id, line: stampLine(access.label, access.createdAt) };
}

export const isPdf = (filename: string) => /\.pdf$/i.test(filename);
