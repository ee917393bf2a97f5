import { useTexts } from './translation';
import { legal } from '../content/de/legal';

export const useLegalTexts = () => useTexts(legal, (en) => en.legal);
