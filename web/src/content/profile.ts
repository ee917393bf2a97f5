import portrait from '../assets/portrait.webp';

/** The facts of the home section that read the same in every language; its texts are in de/site.ts. */
export const profile = {
  portrait: { src: portrait, width: 480, height: 480 },
  skills: [
    'HTML',
    'CSS',
    'JavaScript',
    'TypeScript',
    'React',
    'Node.js',
    'PHP',
    'Python',
    'SQL',
    'Docker',
  ],
};
