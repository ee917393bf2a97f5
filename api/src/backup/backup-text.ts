// How the backup tool shows what it did not write itself: names from an
// archive or a lock file, JSON from disk.

/** A name from an archive as a refusal shows it: control characters escaped, never sent to the terminal. */
export const shown = (name: unknown) => JSON.stringify(String(name)).slice(1, -1);

/** JSON's value, or undefined for text that is not JSON (or no text). */
export function parseJson<T>(text: string | undefined): T | undefined {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}
