// The import rules of eslint.config.mjs (and the one that keeps stores in their
// modules' factories), proven to fire: each case lints a real file of the
// repository with one import added, as an editor would see it before saving, and expects the
// rule that must refuse it. A rule that silently stopped resolving imports would pass every
// file; these cases would then fail. Run by `npm run lint`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The import rules' messages for `file` (from the root) with `addedImport` on top. */
async function importFindings(file, addedImport = '') {
  const filePath = path.join(root, file);
  const text = `${addedImport}\n${await readFile(filePath, 'utf8')}`;
  const [result] = await eslint.lintText(text, { filePath });
  return result.messages
    .filter(({ ruleId }) =>
      /no-cycle|no-restricted-paths|no-restricted-imports|no-restricted-syntax/.test(ruleId ?? ''),
    )
    .map(({ ruleId }) => ruleId);
}

const FORBIDDEN = [
  {
    what: 'a cycle of value imports',
    file: 'web/src/layout/header-login-panel.tsx',
    added: "import { SiteHeader } from './site-header';\nexport const header = SiteHeader;",
    rule: 'import-x/no-cycle',
  },
  {
    what: 'a cycle of type imports alone',
    file: 'web/src/layout/header-login-panel.tsx',
    added:
      "import type { SiteHeader } from './site-header';\nexport type Header = typeof SiteHeader;",
    rule: 'type-imports/no-cycle',
  },
  {
    what: 'a section importing from a page',
    file: 'web/src/sections/projects/projects-section.tsx',
    added:
      "import { filterProjects } from '../../pages/all-projects/filter-projects';\nvoid filterProjects;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'content/ importing code',
    file: 'web/src/content/owner.ts',
    added: "import { useSiteTexts } from '../i18n/use-site-texts';\nvoid useSiteTexts;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'content/ importing React',
    file: 'web/src/content/owner.ts',
    added: "import { useState } from 'react';\nvoid useState;",
    rule: 'no-restricted-imports',
  },
  {
    what: 'access/ importing auth/',
    file: 'api/src/access/access.service.ts',
    added: "import { AuthService } from '../auth/auth.service';\nvoid AuthService;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'stamp/ importing the access links',
    file: 'api/src/stamp/stamp-cache.ts',
    added:
      "import type { AccessHolder } from '../access/access.service';\nexport type H = AccessHolder;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'config/ importing common/, the room above it',
    file: 'api/src/config/paths.ts',
    added: "import { isObject } from '../common/json-store';\nvoid isObject;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'files/, the lowest room, importing config/',
    file: 'api/src/files/path-within.ts',
    added: "import { REPO_ROOT } from '../config/paths';\nvoid REPO_ROOT;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'letters/ importing access/, which builds on it',
    file: 'api/src/letters/letter-rules.ts',
    added: "import { checkLabel } from '../access/access-record';\nvoid checkLabel;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'mail/ importing letters/, the room beside it',
    file: 'api/src/mail/mail.service.ts',
    added: "import { LABEL_MAX } from '../letters/letter-limits';\nvoid LABEL_MAX;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'a room importing the app module above all rooms',
    file: 'api/src/health/health.controller.ts',
    added: "import { AppModule } from '../app.module';\nvoid AppModule;",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: "a DTO importing class-validator's entry point",
    file: 'api/src/auth/login.dto.ts',
    added: "import { IsEmail } from 'class-validator';\nvoid IsEmail;",
    rule: 'no-restricted-imports',
  },
  {
    what: 'the API loading pdf-lib outside the stamping child',
    file: 'api/src/documents/documents.service.ts',
    added: "import { PDFDocument } from 'pdf-lib';\nvoid PDFDocument;",
    rule: 'no-restricted-imports',
  },
  {
    what: 'a service making a store of its own',
    file: 'api/src/documents/documents.service.ts',
    added:
      "import { LetterFiles } from '../letters/letter-files';\nexport const own = new LetterFiles('x');",
    rule: 'no-restricted-syntax',
  },
  {
    what: 'a service making an outbox of its own',
    file: 'api/src/mail/outbox/outbox-worker.ts',
    added:
      "import { OutboxStore } from './outbox-store';\nexport const own = new OutboxStore('x');",
    rule: 'no-restricted-syntax',
  },
  {
    what: 'a command making a setup link store of its own',
    file: 'api/src/owner/owner.cli.ts',
    added:
      "import { OwnerSetupStore } from './owner-setup-store';\nexport const own = new OwnerSetupStore('x');",
    rule: 'no-restricted-syntax',
  },
  {
    what: 'a service making a cache of its own',
    file: 'api/src/documents/documents.controller.ts',
    added:
      "import { StampCache } from '../stamp/stamp-cache';\nexport const own = (...a: ConstructorParameters<typeof StampCache>) => new StampCache(...a);",
    rule: 'no-restricted-syntax',
  },
];

test('the files as they are break no import rule', async () => {
  for (const file of new Set(FORBIDDEN.map((forbidden) => forbidden.file))) {
    assert.deepEqual(await importFindings(file), [], file);
  }
});

for (const { what, file, added, rule } of FORBIDDEN) {
  test(`${what} fails with ${rule}`, async () => {
    const findings = await importFindings(file, added);
    assert.ok(findings.includes(rule), `${file}: ${findings.join(', ') || 'no finding'}`);
  });
}
