import {
  TIMELINE_DOT_OFFSET_NARROW,
  TIMELINE_DOT_OFFSET_SMALL,
  TIMELINE_DOT_OFFSET_WIDE,
} from '../../constants';
import type { Viewport } from '../../hooks/use-media-query';

/** 10px at 360 px width or less, 20px at 768 px or less, otherwise 50%. */
export function timelineDotOffset(viewport: Viewport): string {
  if (viewport === 'small') return TIMELINE_DOT_OFFSET_SMALL;
  return viewport === 'narrow' ? TIMELINE_DOT_OFFSET_NARROW : TIMELINE_DOT_OFFSET_WIDE;
}
