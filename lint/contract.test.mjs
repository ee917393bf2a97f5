// The web reads the API's answers through the types the API's controllers are
// typed with (api/src/contract.ts): proven by type-checking the web once as it
// is, and once with one answer changed in the API's declaration, as a
// developer would change it. The change must fail where the web reads it.
import path from 'node:path';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import ts from 'typescript';

const root = path.resolve(import.meta.dirname, '..');
const views = path.join(root, 'api', 'src', 'owner', 'owner-views.ts');

/** The web's type errors, by file relative to the root, with `replace` applied to owner-views.ts. */
function webErrors(replace = (text) => text) {
  const configFile = path.join(root, 'web', 'tsconfig.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, path.dirname(configFile));
  const host = ts.createCompilerHost(parsed.options);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    return path.resolve(file) === views && text !== undefined ? replace(text) : text;
  };
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => path.relative(root, diagnostic.file?.fileName ?? '?'));
}

test("a changed answer of the owner's API fails the web's typecheck where the web reads it", () => {
  assert.deepEqual(webErrors(), []);
  const renamed = (text) => {
    const changed = text.replace(
      /(interface PasskeyView \{[^}]*?)\blabel: string;/,
      '$1name: string;',
    );
    assert.notEqual(changed, text, 'PasskeyView has a label to rename');
    return changed;
  };
  assert.ok(webErrors(renamed).includes('web/src/pages/owner/passkeys-panel.tsx'));
});
