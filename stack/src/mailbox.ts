// Reads the mails the SMTP sink saved (or the API spooled) as .eml files.
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface SavedMail {
  /** Path of the .eml file. */
  file: string;
  mail: ParsedMail;
}

/** Every mail in `mailDir`, oldest first (file names start with the time). */
export async function readMailbox(mailDir: string): Promise<SavedMail[]> {
  let names: string[];
  try {
    names = await readdir(mailDir);
  } catch {
    return [];
  }
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = path.join(mailDir, name);
      return { file, mail: await simpleParser(await readFile(file)) };
    }),
  );
}

/**
 * Waits until a mail matching `predicate` is in the mailbox and returns it;
 * fails after `timeoutMs`.
 */
export async function waitForMail(
  mailDir: string,
  predicate: (mail: ParsedMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<SavedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readMailbox(mailDir)).find((saved) => predicate(saved.mail));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no matching mail in ${mailDir}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
