// Why a PDF goes to a company without the stamp (docs/product.md#the-stamp):
// the PDF rules it out (signed, encrypted, unreadable: pdf-stamp.ts), or
// stamping it passed its time or memory bound (stamp-writer.ts). Shown on
// the owner's page; no imports, so the web can read the type.
export type AsIsReason = 'signed' | 'encrypted' | 'unreadable' | 'too-costly';
