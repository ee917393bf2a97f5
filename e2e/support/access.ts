// The owner's access command, run as `make access-add-local` runs it, against
// the test stack's ACCESS_DIR, with the stack's address in the printed link.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { StackInfo } from './stack-info';

const repoRoot = path.resolve(__dirname, '..', '..');
const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
const cli = path.join(repoRoot, 'api', 'src', 'access', 'access.cli.ts');

export async function accessCommand(stack: StackInfo, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(tsx, [cli, ...args], {
    env: {
      ...process.env,
      ACCESS_DIR: stack.accessDir,
      LETTERS_DIR: stack.lettersDir,
      SITE_URL: stack.baseUrl,
    },
  });
  return stdout;
}

/** A new access for `name`: the link the owner sends and the code it carries. */
export async function addAccess(
  stack: StackInfo,
  name: string,
): Promise<{ link: string; code: string }> {
  const printed = await accessCommand(stack, 'add', name);
  const link = /Link:\s+(\S+)/.exec(printed)?.[1];
  const code = /Code:\s+(\S+)/.exec(printed)?.[1];
  if (!link || !code) throw new Error(`access add printed no link:\n${printed}`);
  return { link, code };
}
