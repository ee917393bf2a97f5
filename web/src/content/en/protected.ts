import type { protectedPage as german } from '../de/protected';
import type { Translated } from '../translated';

export const protectedPage: Translated<typeof german> = {
  title: 'Documents',
  gate: {
    heading: 'Protected area',
    text: 'Please sign in to see the application documents.',
  },
  welcome: 'Welcome!',
  lead: 'Here you will find my application documents to view and download.',
  loading: 'Loading documents...',
  loadFailed: 'The documents could not be loaded.',
  retry: 'Try again',
  open: 'Open',
  documentLoading: 'Loading document...',
  zip: 'Download all documents (ZIP)',
  zipLoading: 'Loading ZIP...',
  numberMarks: { decimal: '.', group: ',' },
  of: 'of',
  openFailed: 'Error opening the file',
  downloadFailed: 'Error downloading the file',
  zipFailed: 'Error downloading the ZIP file',
  busy: 'The documents are being prepared. Please try again in a minute.',
  accessLink: {
    greeting: 'Application for',
    ownGroup: 'For',
    recorded:
      'Opening this link and every document viewed or downloaded are recorded, without IP address or browser.',
    stamped: (name: string) =>
      `Every page of the PDFs carries the name ${name} and this link’s date at its foot.`,
    checking: 'Checking the access link...',
    refused: 'This access link is invalid, has expired or was revoked.',
    error: 'The access link could not be checked. Please open it again later.',
  },
};
