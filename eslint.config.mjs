// @ts-check
/**
 * ESLint over the whole repository (flat config), run by `npm run lint` and as the first step of `npm test`.
 *
 * - TypeScript: typescript-eslint's type-aware recommended rules, over the one program of the root tsconfig.json
 *   (the per-package tsconfigs leave out jest's types, so their tests would read as `any`).
 * - The workspaces with React code: react-hooks' recommended rules (the hooks' rules and React Compiler's); .tsx: jsx-a11y.
 * - Plain JS: the CMS (CommonJS on Node), the scripts and configs (.mjs/.cjs on Node).
 * - eslint-config-prettier last: formatting is Prettier's (`prettier --check .`), not ESLint's.
 */
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import repoWorkspaces from './repo/workspaces.cjs';

// The workspaces whose code is React's (repo/workspaces.cjs): a new remote gets the hooks rules without an edit here.
const reactPackages = repoWorkspaces
  .workspaces()
  .filter((workspace) => workspace.react)
  .map((workspace) => workspace.folder);
const testFiles = ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'mf-shared/src/testing/**/*.{ts,tsx}'];

/** A leading underscore says "unused on purpose" (a parameter kept for its position, a key left out of a rest). */
const unusedVars = {
  argsIgnorePattern: '^_',
  varsIgnorePattern: '^_',
  caughtErrorsIgnorePattern: '^_',
  destructuredArrayIgnorePattern: '^_',
  ignoreRestSiblings: true,
};

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '.builds/',
    '.production/',
    '.backups/',
    '.monolith/',
    '**/.tmp/',
    'test-results/',
    'playwright-report/',
    // What the catalogue-data generator writes (gitignored).
    'mf-catalogue/src/entities/category/generated/',
    'mf-catalogue/src/features/weight-table/generated/',
    // The CMS: what Strapi builds and caches, and the types it generates.
    'deploy/cms/build/',
    'deploy/cms/.strapi/',
    'deploy/cms/.cache/',
    'deploy/cms/dist/',
    'deploy/cms/types/generated/',
    'deploy/cms/public/',
    'deploy/cms/data/',
  ]),

  js.configs.recommended,
  { name: 'unused names', rules: { 'no-unused-vars': ['error', unusedVars] } },

  {
    name: 'typescript',
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', unusedVars],
      // node:test's test() and describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
      // Passing on a reason of unknown type (another promise's, a callback's error) is not making one up.
      '@typescript-eslint/prefer-promise-reject-errors': [
        'error',
        { allowThrowingAny: true, allowThrowingUnknown: true },
      ],
    },
  },
  {
    name: 'tests',
    files: testFiles,
    rules: {
      // Stand-ins for async interfaces (fetch, queryFn, refreshToken…) are written `async` so they return a
      // promise, as the real thing does, without an await of their own.
      '@typescript-eslint/require-await': 'off',
      // jest's asymmetric matchers (expect.any, expect.stringMatching…) are typed `any` by @types/jest.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    name: 'the app server',
    files: ['deploy/server/src/**/*.ts'],
    rules: {
      // Fastify's plugins and hooks are async by contract (`FastifyPluginAsync`; a hook without a
      // `done` callback must return a promise), and the in-memory shared state implements the Redis
      // one's async interface: an async function without an await is the documented form there.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // A file of the app server does one thing: 300 lines at most (blank lines and comments not
    // counted), with no exception: a file over the limit fails the lint.
    name: 'the app server, file length',
    files: ['deploy/server/src/**/*.ts'],
    ignores: testFiles,
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Outside the root tsconfig.json: linted without types.
    name: 'typescript outside the program',
    files: ['jest.setup.ts'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { parserOptions: { project: false } },
  },

  {
    name: 'react',
    files: reactPackages.map((app) => `${app}/src/**/*.{ts,tsx}`),
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // One copy of React Router per page: the apps take it from the kit's module, which federation
    // shares (mf-shared/src/router). A direct import would load a second copy with contexts of its
    // own. Tests and the server's render (no federation there) may import it directly.
    name: 'react-router through the kit',
    files: reactPackages.map((folder) => `${folder}/src/**/*.{ts,tsx}`),
    ignores: [...testFiles, 'mf-shared/src/router/**', 'mf-shared/src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'react-router', message: "Import it from '@steel/shared/router', the page's one copy." }] },
      ],
    },
  },
  {
    name: 'jsx',
    files: ['**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended],
  },

  {
    name: 'cms (CommonJS on Node)',
    files: ['deploy/cms/**/*.js'],
    // Strapi 5 sets the global `strapi` before it loads the app's code.
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, strapi: 'readonly' } },
  },
  {
    name: 'scripts and configs (Node)',
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
  {
    name: 'ES modules on Node',
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: { ...globals.node } },
  },

  prettier,
);
