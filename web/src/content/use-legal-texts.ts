import { useTexts } from '../i18n/translation';
import { legal } from './de/legal';

export const useLegalTexts = () => useTexts(legal, (en) => en.legal);
