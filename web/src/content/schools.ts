import bffImage from '../assets/schools/bff.webp';
import bwdImage from '../assets/schools/bwd.webp';
import gibbImage from '../assets/schools/gibb.webp';
import primaryImage from '../assets/schools/primarschule.webp';
import secondaryImage from '../assets/schools/oberstufe.webp';
import type { ImageRef } from './image';

export interface SchoolLink {
  href: string;
  /** Only where a school has two links: tells them apart, e.g. "IMS". */
  tag?: string;
}

export interface School {
  name: string;
  years: string;
  images: ImageRef[];
  links: SchoolLink[];
}

const size = { width: 640, height: 400 };

/** In the order attended; the timeline shows them reversed, newest first. */
export const schools: School[] = [
  {
    name: 'Primarschule Bern-West',
    years: '2013 – 2019',
    images: [{ src: primaryImage, ...size }],
    links: [{ href: 'https://www.bern.ch/themen/bildung' }],
  },
  {
    name: 'Oberstufe Bern-West (Sekundarschule)',
    years: '2019 – 2022',
    images: [{ src: secondaryImage, ...size }],
    links: [{ href: 'https://www.bern.ch/themen/bildung/volksschule' }],
  },
  {
    name: 'BFF Bern – Berufsvorbereitendes Schuljahr',
    years: '2022 – 2023',
    images: [{ src: bffImage, ...size }],
    links: [{ href: 'https://www.bff.ch' }],
  },
  {
    name: 'BWD Bern (IMS) und gibb Berufsfachschule Bern',
    years: 'seit 2023',
    images: [
      { src: bwdImage, ...size },
      { src: gibbImage, ...size },
    ],
    links: [
      { href: 'https://www.bwdbern.ch', tag: 'IMS' },
      { href: 'https://www.gibb.ch', tag: 'Gibb' },
    ],
  },
];
