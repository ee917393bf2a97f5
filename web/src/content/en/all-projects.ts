import type { Translated } from '../translated';
import type { allProjects as german } from '../de/all-projects';

export const allProjects: Translated<typeof german> = {
  title: 'All projects',
  description:
    'All projects of a future application developer from Bern, filterable by programming language.',
  filter: 'Filter by language',
  count: (count) => (count === 1 ? '1 project' : `${count} projects`),
  empty: 'There is no project in this language yet.',
  descriptions: {
    portfolio:
      'This website: a fast single-page app with a protected documents area, a contact form and two designs.',
    classPlanner:
      'A class’s timetable, exam dates and homework in one place, with reminders by e-mail.',
    stock: 'A web application for a small club store: record items, book loans and analyse stock.',
    weather:
      'A Raspberry Pi measures temperature, humidity and air pressure and shows the values as charts in the browser.',
    vocabulary:
      'Flashcards with spaced repetition, so that French and English vocabulary really sticks.',
    budget:
      'A desktop application that categorises income and expenses and prints the month’s closing as an overview.',
  },
};
