import portrait from '../assets/portrait.webp';
import { owner } from './owner';

export interface ProfileFact {
  label: string;
  value: string;
}

export const profile = {
  name: owner.name,
  role: 'Applikationsentwickler in Ausbildung',
  greeting: 'Hallo, ich bin',
  lead: 'Ich entwickle Webanwendungen, die schnell, zugänglich und sauber gebaut sind, und suche einen Ort, an dem ich mit einem starken Team weiterlernen kann.',
  portrait: { src: portrait, width: 480, height: 480 },
  facts: [
    { label: 'Geburtsdatum', value: '14. März 2007' },
    { label: 'Wohnort', value: 'Bern, Schweiz' },
    { label: 'Beruf', value: 'Applikationsentwickler in Ausbildung' },
    {
      label: 'Ausbildung',
      value: 'Informatiker EFZ Applikationsentwicklung an der BWD (IMS) und an der gibb',
    },
    { label: 'Sprachen', value: 'Deutsch, Englisch, Kurdisch' },
  ] satisfies ProfileFact[],
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
  quote: {
    text: 'Guter Code ist nicht der, der funktioniert, sondern der, den andere morgen noch verstehen.',
    source: 'Mein Leitsatz',
  },
};
