import bffSmall from '../assets/schools/bff-320.webp';
import bffImage from '../assets/schools/bff.webp';
import bwdSmall from '../assets/schools/bwd-320.webp';
import bwdImage from '../assets/schools/bwd.webp';
import gibbSmall from '../assets/schools/gibb-320.webp';
import gibbImage from '../assets/schools/gibb.webp';
import secondarySmall from '../assets/schools/oberstufe-320.webp';
import secondaryImage from '../assets/schools/oberstufe.webp';
import primarySmall from '../assets/schools/primarschule-320.webp';
import primaryImage from '../assets/schools/primarschule.webp';
import type { ImageRef } from './image';
import type { site } from './de/site';

export interface SchoolLink {
  href: string;
  /** Only where a school has two links: tells them apart, e.g. "IMS". */
  tag?: string;
}

/** A school's facts; its name and years are texts of each language (de/site.ts). */
export interface School {
  id: keyof (typeof site)['education']['schools'];
  images: ImageRef[];
  links: SchoolLink[];
}

/** A 640 × 400 picture with its 320 px wide variant. */
function picture(src: string, small: string): ImageRef {
  return { src, width: 640, height: 400, srcSet: `${small} 320w, ${src} 640w` };
}

/** In the order attended; the timeline shows them reversed, newest first. */
export const schools: School[] = [
  {
    id: 'primary',
    images: [picture(primaryImage, primarySmall)],
    links: [{ href: 'https://www.bern.ch/themen/bildung' }],
  },
  {
    id: 'secondary',
    images: [picture(secondaryImage, secondarySmall)],
    links: [{ href: 'https://www.bern.ch/themen/bildung/volksschule' }],
  },
  {
    id: 'bff',
    images: [picture(bffImage, bffSmall)],
    links: [{ href: 'https://www.bff.ch' }],
  },
  {
    id: 'apprenticeship',
    images: [picture(bwdImage, bwdSmall), picture(gibbImage, gibbSmall)],
    links: [
      { href: 'https://www.bwdbern.ch', tag: 'IMS' },
      { href: 'https://www.gibb.ch', tag: 'Gibb' },
    ],
  },
];
