import type { Translated } from '../translated';
import type { aboutTopics as german } from '../de/about-topics';

/** The text behind "More about me": de/about-topics.ts translated, topic for topic. */
export const aboutTopics: Translated<typeof german> = {
  aboutMe: {
    heading: 'About me',
    paragraphs: [
      'I grew up in Bern with three languages: German, Kurdish and, later, English. This mix showed me early on how important it is to listen to each other carefully.',
      'I like to work in a structured way, I ask when something is unclear, and I enjoy it when a solution looks simple in the end.',
    ],
  },
  experience: {
    heading: 'Experience',
    paragraphs: [
      'At school and in my own projects I have built websites, small REST APIs and database applications. Group work taught me to use Git in a team, to review code and to plan tasks properly.',
      'A taster internship at a software company in Bern showed me what professional development looks like day to day: tests, code reviews and short feedback loops.',
    ],
  },
  hobbies: {
    heading: 'Hobbies',
    paragraphs: [
      'In my free time I play football in a club, ride my bike along the Aare and tinker with small electronics projects on the Raspberry Pi. I also like cooking for family and friends.',
    ],
  },
  educationAndGoals: {
    heading: 'Education and goals',
    paragraphs: [
      'At the IT secondary school (IMS) of the BWD Bern I combine the vocational baccalaureate with my IT training; I attend vocational school at the gibb. I would like to spend the final work placement year in a team that values quality.',
      'After graduating I want to move towards software architecture and later study part-time at a university of applied sciences.',
    ],
  },
  whyIt: {
    heading: 'Why IT?',
    paragraphs: [
      'It fascinates me that a few lines of code can become something that helps people in everyday life. In IT I can combine logical thinking with creativity and quickly see whether an idea works.',
    ],
  },
  strengthsAndWeaknesses: {
    heading: 'Strengths and weaknesses',
    paragraphs: [
      'My strengths include perseverance in solving problems, reliability and enjoying explaining things. Classmates often come to me when they are stuck on a task.',
      'Sometimes I want to make a solution too perfect and lose track of time. I work on this by splitting tasks into small steps and asking for feedback early.',
    ],
  },
};
