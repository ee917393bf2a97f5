// The one text of the German start page that is English by nature: its offer of the English
// site to a browser that prefers English (docs/product.md#languages). It has no German twin.
export const englishNotice = {
  label: 'Language',
  text: 'This website is also available in English.',
  link: 'Read it in English',
  dismiss: 'Dismiss',
};
