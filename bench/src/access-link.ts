// A company's access link on the bench's stack, made as the owner makes one
// (`make access-add-local`: api/src/access/access.cli.ts on the stack's ACCESS_DIR).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot, type Stack } from '@portfolio/stack';

/** The link the owner would send: `<site>/protected#zugang=<code>`. */
export async function makeAccessLink(stack: Stack, name: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    join(repoRoot, 'node_modules', '.bin', 'tsx'),
    [join(repoRoot, 'api', 'src', 'access', 'access.cli.ts'), 'add', name],
    {
      env: {
        ...process.env,
        ACCESS_DIR: stack.accessDir,
        LETTERS_DIR: stack.lettersDir,
        SITE_URL: stack.baseUrl,
      },
    },
  );
  const link = /Link:\s+(\S+)/.exec(stdout)?.[1];
  if (!link) throw new Error(`access add printed no link:\n${stdout}`);
  return link;
}

/** The session token a link's code is exchanged for, as the page does. */
export async function redeem(stack: Stack, link: string): Promise<string> {
  const code = decodeURIComponent(new URL(link).hash.replace(/^#zugang=/, ''));
  const response = await fetch(`${stack.baseUrl}/api/auth/access`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const body = (await response.json()) as { token?: string };
  if (!body.token) throw new Error(`The access link was refused with status ${response.status}`);
  return body.token;
}
