// ESLint for the whole monorepo (`npm run lint:eslint`): typescript-eslint's recommended rules,
// a few type-aware rules that catch real bugs in a server (promises nobody awaits), and no console in library code.
// Import boundaries between tiers and packages are dependency-cruiser's job (.dependency-cruiser.cjs), not ESLint's.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import textclass from './eslint-rules/prototype-safe-keys.js';

// Files in a tsconfig.json (each package's, scripts/tsconfig.json): the ones the type-aware rules can check.
const TYPED = [
  'packages/*/src/**/*.ts',
  'packages/console/src/**/*.tsx',
  'packages/*/test/**/*.ts',
  'scripts/**/*.ts',
  'openapi/test/**/*.ts',
];

// Library code that handles a customer's text: no plain-object lookup by a key that may be any string.
export const PROTOTYPE_SAFE = [
  'packages/server/src/**/*.ts',
  'packages/client/src/**/*.ts',
  'packages/contract-checks/src/**/*.ts',
];

// Tests, scripts and database migrations (Kysely<any> is Kysely's way to write a migration) may use `any`.
const MAY_USE_ANY = [
  'scripts/**',
  'test/**',
  'packages/*/test/**',
  '**/*.test.ts',
  'packages/client/src/testing/**',
  'packages/mock/src/testing/**',
  'packages/server/src/adapters/storage/migrate.ts',
  'packages/server/src/adapters/storage/migrations/**',
];

// Code that may print with console: command-line entry points, scripts, tests and their helpers, build steps.
const MAY_PRINT = [
  'scripts/**',
  'openapi/scripts/**',
  '.ci/**',
  'test/**',
  'packages/*/test/**',
  'packages/*/build-steps/**',
  'packages/console/scripts/**',
  '**/*.test.ts',
  '**/testing/**',
  'packages/server/src/main.ts',
  'packages/server/src/transport/cli/**',
  'packages/mock/src/main.ts',
  '**/vitest.config.ts',
  '*.{js,cjs,mjs,ts}',
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.turbo/**',
      'openapi/generated/**',
      'packages/client/src/generated/**',
      'models/**',
      'bench/results/**',
      'eval/**',
      '.bench-cache/**',
      '.ci/out/**',
      'packages/server/assets/**',
      'test/boundaries/fixtures/**',
      'test/lint-rules/fixtures/**',
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // Unused code is a finding; a leading underscore marks what is unused on purpose (a callback's parameter, say).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `import type` (or `import { type X }`) for what is only a type: the import disappears at run time, so no
      // accidental load of a module (onnxruntime, pg) just for its types, and no cycle at run time through a type.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // `...args: any[]` is how a listener type accepts any listener; elsewhere `any` turns type checking off.
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
      // The text-handling code matches NUL, lone surrogates and ANSI escapes on purpose.
      'no-control-regex': 'off',
      'no-console': 'error',
    },
  },
  {
    files: TYPED,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Only rules that find bugs. A promise nobody awaits loses its error (an unhandled rejection ends the process)
      // and its ordering; `return promise` inside try skips the catch; `${obj}` prints [object Object].
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      // Rejecting with an AbortSignal's reason (typed any) is the standard way to abort.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  {
    // Tables keyed by text a customer controls (words, labels, column and header names) are Maps or null-prototype
    // objects: a plain-object lookup by any string finds Object.prototype's members (eslint-rules/, test/lint-rules/).
    files: PROTOTYPE_SAFE,
    ignores: ['**/*.test.ts', 'packages/client/src/testing/**'],
    plugins: { textclass },
    rules: { 'textclass/prototype-safe-keys': 'error' },
  },
  {
    files: MAY_USE_ANY,
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: MAY_PRINT,
    rules: { 'no-console': 'off' },
  },
  {
    // The console runs in the browser.
    files: ['packages/console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The /docs page's own scripts run in the browser.
    files: ['openapi/docs-page/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
