// A company's own PDF on the engine: a file for `make access-add FILE=…`,
// and the PDF as the company gets it through nginx (its link's code
// exchanged for a session, its list read, the PDF fetched by its id), or a
// shared document as it gets it (stamped with its name).
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../helpers/scratch';
import type { EngineSession } from './engine-session';

/** A small PDF on the host, in a folder whose name has a space, as an owner's might. */
export function letterOnHost(text: string): { file: string; bytes: Buffer } {
  const folder = path.join(scratchDir('portfolio-engine-letter-'), 'Bewerbung Messe');
  const file = path.join(folder, 'Motivationsschreiben.pdf');
  const bytes = Buffer.from(`%PDF-1.7\n% ${text}\n%%EOF\n`);
  mkdirSync(folder);
  writeFileSync(file, bytes);
  return { file, bytes };
}

/** The code `access add` printed (its `Code:` line), for the site's exchange. */
export function printedCode(output: string): string {
  const code = /Code:\s+(\S+)/.exec(output)?.[1];
  assert.ok(code, `access add printed no code:\n${output}`);
  return code;
}

/** The session the link's code opens, as its page gets it. */
export async function openLink(session: EngineSession, code: string): Promise<string> {
  const opened = await session.post('/api/auth/access', { code });
  assert.equal(opened.status, 200, 'the link opens');
  return (JSON.parse(opened.body.toString()) as { token: string }).token;
}

/** A shared document as the company's link gets it through nginx. */
export async function companyDocument(session: EngineSession, code: string, filename: string) {
  const answer = await session.get(`/api/download/${filename}`, await openLink(session, code));
  assert.equal(answer.status, 200, `${filename} through nginx: ${answer.status}`);
  return answer.body;
}

/** The first of the company's own PDFs in its list: its name and where it is fetched. */
export async function ownListed(session: EngineSession, token: string) {
  const listed = JSON.parse((await session.get('/api/documents', token)).body.toString()) as Array<{
    own?: true;
    files: Array<{ filename: string; id: string }>;
  }>;
  const own = listed.find((group) => group.own)?.files[0];
  assert.ok(own, 'an own PDF is listed first');
  return { filename: own.filename, path: `/api/letters/${own.id}` };
}

/** The first of the company's own PDFs, as its link opens it: its listed name and its bytes. */
export async function companyPdf(session: EngineSession, code: string) {
  const token = await openLink(session, code);
  const own = await ownListed(session, token);
  const answer = await session.get(own.path, token);
  assert.equal(answer.status, 200, `the own PDF through nginx: ${answer.status}`);
  assert.equal(answer.headers['content-type'], 'application/pdf');
  return { filename: own.filename, bytes: answer.body };
}
