// Import rules of the repository, checked by repo/import-rules.test.ts (dependency-cruiser).
//
// A package is entered through its `exports` (`@steel/shared`, `@steel/shared/testing`,
// `@steel/server/publish`…), never by a relative path into its src/; remotes stand alone; a
// feature keeps its internals to itself (what several features share lives in the app's
// `src/lib/` or `src/entities/`); the shell's `app/` composes its `features/`, never the reverse.

const PACKAGES = ['mf-shared', 'mf-build', 'shell', 'mf-catalogue', 'mf-blog', 'mf-panel', 'deploy/server'];
const TESTS = '\\.(test|spec)\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle: two modules that cannot be read, tested or moved one without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'remotes-stand-alone',
      comment:
        'A remote never imports another remote or the shell: everything crosses apps through @steel/shared and the mount props.',
      severity: 'error',
      from: { path: '^(mf-catalogue|mf-blog|mf-panel)/' },
      to: { path: '^(shell|mf-catalogue|mf-blog|mf-panel)/', pathNot: '^$1/' },
    },
    {
      name: 'features-keep-their-internals',
      comment:
        "One feature never imports another's files; what several features share moves to src/lib/ or src/entities/ (src/app/ composes features).",
      severity: 'error',
      from: { path: '^(shell|mf-catalogue|mf-blog|mf-panel)/src/features/([^/]+)/' },
      to: { path: '^$1/src/features/', pathNot: '^$1/src/features/$2/' },
    },
    {
      name: 'shell-features-never-import-app',
      comment:
        "The shell's app/ composes features/; a feature needs only an interface of what app/ hands it. Tests may wire the real parts together.",
      severity: 'error',
      from: { path: '^shell/src/features/', pathNot: [TESTS] },
      to: { path: '^shell/src/app/' },
    },
    ...PACKAGES.map((pkg) => ({
      name: `enter-${pkg.replace('/', '-')}-through-its-exports`,
      comment: `Outside ${pkg}, its src/ is reached through the package's exports (package.json), never by a relative path.`,
      severity: 'error',
      from: { pathNot: [`^${pkg}/`] },
      to: { path: `^${pkg}/src/`, dependencyTypes: ['local'], dependencyTypesNot: ['aliased'] },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '\\.json$'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
