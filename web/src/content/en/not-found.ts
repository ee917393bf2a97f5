import type { Translated } from '../translated';
import type { notFound as german } from '../de/not-found';

export const notFound: Translated<typeof german> = {
  title: 'Page not found',
  text: 'Sorry, this page does not exist. Perhaps a typo slipped into the address.',
  home: 'To the start page',
};
