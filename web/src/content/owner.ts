// The owner's contact data: placeholders a new owner replaces here, and only here.
export const owner = {
  name: 'Baran Demir',
  initials: 'BD',
  street: 'Musterstrasse 12',
  postcode: '3027',
  city: 'Bern',
  phone: '+41 79 123 45 67',
  email: 'baran.demir@example.ch',
  github: 'https://github.com/baran-demir',
  /** The site's public address: canonical links, language alternates and the sitemap. */
  siteUrl: 'https://www.example.ch',
} as const;

export const phoneHref = `tel:${owner.phone.replace(/\s/g, '')}`;
export const emailHref = `mailto:${owner.email}`;

/** The browser tab title of a side page. */
export const pageTitle = (page: string) => `${page} – ${owner.name}`;
