/**
 * True when the browser ranks English above German (a language neither German nor English counts
 * for neither). It runs inside the inline pre-paint script (pre-paint-script.ts embeds its
 * source), so it refers to nothing outside its own body.
 */
export function prefersEnglish(languages: readonly string[]): boolean {
  const ours = languages
    .map((tag) => tag.toLowerCase().split('-')[0])
    .find((language) => language === 'de' || language === 'en');
  return ours === 'en';
}
