// One lint configuration for every workspace: TypeScript rules everywhere,
// React hook rules for the web app, and the import directions that keep the
// code's layers apart (no cycles, nothing reaching upwards).
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { typeImportCycles } from './lint/type-import-cycles.mjs';

const CLASS_VALIDATOR = {
  name: 'class-validator',
  allowTypeImports: true,
  message: 'Its entry point loads every validator: import from common/validators.',
};
const PDF_LIBRARIES = ['pdf-lib', '@pdf-lib/fontkit'].map((name) => ({
  name,
  allowTypeImports: true,
  message: 'Only the stamping child loads it (stamp/pdf-stamp.ts, run by stamp-writer.ts).',
}));

// The API's rooms, bottom first (docs/architecture.md, "The shape"): a room imports
// only from rooms of lower layers, never from one beside it or above; the app's own
// files (app.module.ts, app.setup.ts, main.ts) and the web's contract stand above them all.
const API_LAYERS = [
  ['files', 'manifest', 'passwords', 'types'],
  ['config'],
  ['common'],
  ['mail', 'letters'],
  ['stamp', 'health'],
  ['access'],
  ['auth', 'documents'],
  ['owner'],
  ['backup'],
  ['backup-watch'],
];
const API_APP_FILES = ['app.module.ts', 'app.setup.ts', 'contract.ts', 'main.ts'];
const API_LAYER_ZONES = API_LAYERS.flatMap((layer, index) =>
  layer.map((room) => ({
    target: `./api/src/${room}`,
    from: [
      ...layer.filter((other) => other !== room),
      ...API_LAYERS.slice(index + 1).flat(),
      ...API_APP_FILES,
    ].map((above) => `./api/src/${above}`),
    message: `api/src/${room} imports only from the rooms below it (eslint.config.mjs, API_LAYERS).`,
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX, 'type-imports': typeImportCycles },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] }),
      ],
      // Without these, import-x reads only .js files and follows no import out of a .ts file:
      // no-cycle would pass every TypeScript cycle (lint/import-rules.test.mjs proves it fires).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // No cycles: import-x follows value imports (packages included), and since it skips
      // type-only ones, the project's own rule follows those too. A type both sides need
      // lives in a file that imports nothing (web/src/content/translated.ts).
      'import-x/no-cycle': 'error',
      'type-imports/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './web/src/sections',
              from: './web/src/pages',
              message: 'Sections are parts of pages; what both need lives beside them.',
            },
            ...API_LAYER_ZONES,
            {
              target: './web/src/content',
              from: './web/src',
              except: ['./content', './assets', './constants.ts'],
              message: 'content/ is data: the hooks and components that use it import it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [CLASS_VALIDATOR, ...PDF_LIBRARIES] }],
    },
  },
  {
    // pdf-lib holds a whole document in memory: only the stamping child loads it.
    files: ['api/src/stamp/pdf-stamp.ts', 'api/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [CLASS_VALIDATOR] }],
    },
  },
  {
    // Each store, cache and outbox is made once, by its module's provider or the one factory
    // the command-line tools share, and injected (access/access-stores.ts says why).
    files: ['api/src/**/*.ts'],
    ignores: [
      'api/src/**/*.spec.ts',
      'api/src/**/*.module.ts',
      'api/src/access/access-stores.ts',
      'api/src/letters/letter-stores.ts',
      'api/src/owner/owner-stores.ts',
      'api/src/mail/outbox/outbox-stores.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'NewExpression[callee.name=/^(AccessStore|AccessLogFile|LetterFiles|OwnerPasskeyStore|OwnerSetupStore|OutboxStore|ZipCache|StampCache|StampWriter)$/]',
          message:
            "A store is made once, by its module's provider or factory (access-stores.ts, owner-stores.ts, outbox-stores.ts): inject it.",
        },
      ],
    },
  },
  {
    files: ['web/src/content/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^react', message: 'content/ is data, not components or hooks.' }] },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'bench/floor/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
