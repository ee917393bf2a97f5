import { useTexts, type Translated } from '../i18n/translation';
import { protectedPage } from './de/protected';

export type ProtectedTexts = Translated<typeof protectedPage>;

export const useProtectedTexts = () => useTexts(protectedPage, (en) => en.protectedPage);
