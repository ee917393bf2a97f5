import { useTexts } from '../i18n/translation';
import { notFound } from './de/not-found';

export const useNotFoundTexts = () => useTexts(notFound, (en) => en.notFound);
