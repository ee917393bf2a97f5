// The English texts of the frame and the start page: de/site.ts translated, key for key.
import type { site as german } from '../de/site';
import { owner } from '../owner';
import type { Translated } from '../translated';

export const site: Translated<typeof german> = {
  meta: {
    homeTitle: `${owner.name} – Trainee Application Developer, Bern`,
    homeDescription: `Portfolio of ${owner.name}, trainee application developer in Bern: profile, skills, education, projects and contact.`,
    ogTitle: `${owner.name} – Trainee Application Developer`,
    ogDescription:
      'Profile, skills, education and projects of a future application developer from Bern.',
    ogLocale: 'en_GB',
    noscript: 'This website needs JavaScript. Please enable it in your browser.',
  },
  otherLanguage: 'Deutsch',
  country: 'Switzerland',
  loading: 'Loading...',
  skipLink: 'Skip to content',
  backToTop: 'Back to top',
  backHome: 'Back to the start page',
  close: 'Close',
  header: {
    home: 'to the start page',
    navigation: 'Main navigation',
    themeTitle: 'Change design',
    classic: 'Classic',
    modern: 'Modern',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    unlocked: '(unlocked)',
    locked: '(locked)',
  },
  nav: {
    home: 'Home',
    about: 'About me',
    education: 'Education',
    projects: 'Projects',
    documents: 'Documents',
    contact: 'Contact',
  },
  login: {
    form: 'Sign-in',
    username: 'Username',
    password: 'Password',
    checking: 'Checking...',
    cancel: 'Cancel',
    invalid: 'Invalid username or password',
    serverError: 'Server error. Please try again.',
  },
  home: {
    greeting: 'Hello, I am',
    role: 'Trainee application developer',
    lead: 'I build web applications that are fast, accessible and cleanly made, and I am looking for a place where I can keep learning in a strong team.',
    portraitAlt: `Portrait of ${owner.name} (placeholder)`,
    facts: [
      { label: 'Date of birth', value: '14 March 2007' },
      { label: 'Residence', value: 'Bern, Switzerland' },
      { label: 'Occupation', value: 'Trainee application developer' },
      {
        label: 'Education',
        value:
          'IT specialist (Swiss federal certificate), application development, at the BWD (IMS) and the gibb',
      },
      { label: 'Languages', value: 'German, English, Kurdish' },
    ],
    skills: 'Skills',
    quote: 'Good code is not the code that works, but the code others still understand tomorrow.',
    quoteSource: 'My motto',
    contactMe: 'Get in touch',
    seeProjects: 'See projects',
  },
  about: {
    eyebrow: 'Who I am',
    intro:
      'I am Baran, I live in Bern and I am training as an IT specialist with a focus on application development. What I like best is building web applications from the data model to the user interface, learning something new every day.',
    skillBoxes: { languages: 'Programming languages', tools: 'Tools' },
    more: 'More about me',
    less: 'Show less',
  },
  education: {
    eyebrow: 'My education',
    // Not "More info": search engines and Lighthouse count that as a link without a purpose.
    moreInfo: 'About the school',
    picture: (school, number) => `${school}, picture ${number}`,
    schools: {
      primary: { name: 'Primary school Bern-West', years: '2013 – 2019' },
      secondary: { name: 'Lower secondary school Bern-West', years: '2019 – 2022' },
      bff: { name: 'BFF Bern – pre-vocational school year', years: '2022 – 2023' },
      apprenticeship: {
        name: 'BWD Bern (IMS) and gibb vocational school Bern',
        years: 'since 2023',
      },
    },
  },
  projects: {
    eyebrow: 'What I have built',
    selected: 'Selected projects',
    all: 'See all projects',
    titles: {
      portfolio: 'Portfolio website',
      classPlanner: 'Class planner',
      stock: 'Stock management',
      weather: 'Weather station',
      vocabulary: 'Vocabulary trainer',
      budget: 'Budget calculator',
    },
  },
  documents: {
    eyebrow: 'Application documents',
    loggedIn: 'You are signed in. You will find my CV, school reports and certificates here:',
    open: 'Open the password-protected page',
    loggedOut:
      'My CV, school reports and course certificates are password-protected. You receive the access data with my application.',
  },
  contact: {
    eyebrow: 'Write to me',
    intro:
      'Do you have an apprenticeship, an internship or a question about my projects? I look forward to your message and usually reply within two days.',
    email: 'E-mail',
    phone: 'Phone',
    place: 'Location',
    form: 'Contact form',
    name: 'Name',
    message: 'Message',
    counter: (length, max) => `${length} / ${max} characters`,
    honeypot: 'Please leave empty',
    sending: 'Sending...',
    status: {
      default: 'Send message',
      success: 'Message sent',
      error: 'Error, please check',
    },
  },
  footer: {
    impressum: 'Legal notice',
    privacy: 'Privacy',
    privacyTitle: 'Privacy policy',
  },
};
