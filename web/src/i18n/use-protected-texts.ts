import type { Translated } from '../content/translated';
import { useTexts } from './translation';
import { protectedPage } from '../content/de/protected';

export type ProtectedTexts = Translated<typeof protectedPage>;

export const useProtectedTexts = () => useTexts(protectedPage, (en) => en.protectedPage);
