import { useTexts } from './translation';
import { notFound } from '../content/de/not-found';

export const useNotFoundTexts = () => useTexts(notFound, (en) => en.notFound);
