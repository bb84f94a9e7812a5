// Root jest config for every workspace's unit and component tests.
//
// Plain CommonJS on purpose: a `jest.config.ts` needs ts-node, which is not installed.
//
// - Tests: `<workspace>/src/**/*.test.ts(x)` in every workspace (repo/workspaces.cjs: the kit, the shell, the remotes, the app server…),
//   `repo/*.test.ts`: checks of the repository as a whole (comment signposts, import rules), and
//   `scripts/lib/**/*.test.ts`: the scripts' libraries (the backup's parts).
//   e2e/ (Playwright) and deploy/cms/ (tested against a real Strapi) are never collected.
// - Environment: jsdom by default; a server test opts into node with a `@jest-environment node` docblock.
// - ts-jest only transpiles (isolatedModules on: each file on its own, no type-check). Type-checking
//   every file in each test's process took about two thirds of jest's time on this 2-core machine;
//   `npm test` type-checks the whole repository once instead (`tsc --noEmit`, the root tsconfig.json,
//   tests included), beside jest.
const fs = require('node:fs');
const path = require('node:path');
const { workspaces } = require('./repo/workspaces.cjs');

// Every workspace with sources (repo/workspaces.cjs): a new one is tested without an edit here.
const WORKSPACES = workspaces()
  .filter((workspace) => workspace.hasSources)
  .map((workspace) => workspace.folder);

/** @type {import('jest').Config} */
module.exports = {
  // Room for a first render under load (see jest.setup.ts); no test asserts on time. A full
  // npm test beside other work (both cores busy) took 15-20 s for a server test's publish and
  // activate, or its first renders: 30 s leaves them room.
  testTimeout: 30_000,
  // A failing test that leaves a server or timer behind must fail the run, not hang it: without
  // this jest waits forever for the open handle after its summary, and CI hit its time limit with
  // one failed test (deploy-jobs, before its cleanup moved into a finally). Jest then prints
  // "Force exiting Jest…" at every run; `npx jest --detectOpenHandles` finds a leak when one is
  // suspected.
  forceExit: true,
  rootDir: __dirname,
  // Only the workspaces' sources are crawled (not node_modules, dist/, deploy/cms/…). A root that
  // does not exist is skipped, since jest refuses unknown roots.
  roots: [...WORKSPACES.map((folder) => `<rootDir>/${folder}/src`), '<rootDir>/repo', '<rootDir>/scripts/lib'].filter(
    (root) => fs.existsSync(path.join(__dirname, root.replace('<rootDir>/', ''))),
  ),
  testMatch: [
    ...WORKSPACES.map((folder) => `<rootDir>/${folder}/src/**/*.test.ts?(x)`),
    '<rootDir>/repo/**/*.test.ts',
    '<rootDir>/scripts/lib/**/*.test.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/e2e/', '<rootDir>/deploy/cms/', '/dist/'],
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.tsx?$': [
      'ts-jest',
      {
        tsconfig: { jsx: 'react-jsx', isolatedModules: true },
      },
    ],
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'cjs', 'mjs', 'json'],
  // The workspaces' packages resolve as anyone's do: through node_modules/@steel/* (npm's links) and
  // each package's `exports`, so a new entry point needs no line here.
  moduleNameMapper: {
    // The federation runtime's webpack glue ships its deep files as ES modules (.js) beside CommonJS (.cjs).
    '^@module-federation/webpack-bundler-runtime/dist/(.*)\\.js$':
      '<rootDir>/node_modules/@module-federation/webpack-bundler-runtime/dist/$1.cjs',
    '^react-markdown$': '<rootDir>/mf-shared/jest/markdown-stub.cjs',
    '^rehype-(slug|autolink-headings)$': '<rootDir>/mf-shared/jest/rehype-plugin-stub.cjs',
    '\\.(css)$': '<rootDir>/jest/style-stub.cjs',
    '\\.(svg|png|woff2?)$': '<rootDir>/jest/file-stub.cjs',
  },
  setupFiles: ['<rootDir>/jest.setup.ts'],
  setupFilesAfterEnv: ['@testing-library/jest-dom'],
};
