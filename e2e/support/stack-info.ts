// What the workers know about the stack the global setup started. The setup
// process hands it over in one environment variable, which workers inherit.
export interface StackInfo {
  baseUrl: string;
  username: string;
  password: string;
  mailDir: string;
  documentsDir: string;
  /** The API's ACCESS_DIR, where the owner's access command writes. */
  accessDir: string;
  /** The API's LETTERS_DIR, where a company's own PDFs lie. */
  lettersDir: string;
  /** The API's signing secret, so a test can make a token that is validly signed but expired. */
  jwtSecret: string;
}

export const STACK_INFO_VARIABLE = 'E2E_STACK_INFO';

export function readStackInfo(): StackInfo {
  const raw = process.env[STACK_INFO_VARIABLE];
  if (!raw)
    throw new Error(`${STACK_INFO_VARIABLE} is missing: run the tests with playwright test`);
  return JSON.parse(raw) as StackInfo;
}
