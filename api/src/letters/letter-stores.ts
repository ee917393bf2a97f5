// A company's own PDFs on disk, one LetterFiles per process, made from the
// settings: the API gets it as the letters module's provider
// (letters.module.ts), the command line through the access stores
// (access/access-stores.ts) from this same function; it remembers which
// letters it found damaged, so every part of one process must share it.
import type { AppConfig } from '../config/app-config';
import { LetterFiles } from './letter-files';

export const makeLetterFiles = (config: Pick<AppConfig, 'access'>) =>
  new LetterFiles(config.access.lettersDir);
