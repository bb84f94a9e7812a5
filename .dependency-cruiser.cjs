// Import rules of the repository, checked by repo/import-rules.test.ts (dependency-cruiser).
//
// A package is entered through its `exports` (`@steel/shared`, `@steel/shared/testing`,
// `@steel/server/publish`…), never by a relative path into its src/; remotes stand alone; a
// feature keeps its internals to itself (what several features share lives in the app's
// `src/lib/` or `src/entities/`); the shell's `app/` composes its `features/`, never the reverse.

// The app server's src/ by capability, lowest first: a folder (or top-level file) imports only those
// before it, so no two folders depend on each other (deploy/server/README.md, "Layout").
const SERVER = '^deploy/server/src/';
const SERVER_LAYERS = [
  // The deploy platform's state (the builds folder's files, or PostgreSQL): what every other folder reads and writes.
  ['platform-state', 'platform-state/'],
  // Published versions' files (the builds folder, or an object store with a cache per server).
  ['build-files', 'build-files/'],
  // Metrics, request context and deploy-event lines: a leaf every folder may report to.
  ['observability', 'observability/'],
  ['live-set', 'live-set/'],
  // The one settings table: every variable, parsed and described; config.ts shapes it for the code.
  ['settings', 'settings/'],
  ['config', 'config\\.ts$'],
  ['rendering', 'rendering/'],
  ['shared-state', 'shared-state/'],
  ['security', 'security/'],
  ['site', 'site/'],
  ['release', 'release/'],
  ['deploy-api', 'deploy-api/'],
  // The deploy console: pages over what the deploy API does, calling the same functions.
  ['console', 'console/'],
  ['app', '(app|main)\\.ts$'],
];

// The packages, the remotes and the apps (the shell and the remotes), from the one list of
// workspaces (repo/workspaces.cjs): a new remote is held to every rule below without an edit.
const { workspaces, asPattern } = require('./repo/workspaces.cjs');
const WORKSPACES = workspaces();
const PACKAGES = WORKSPACES.map((workspace) => workspace.folder);
const either = (folders) => `(${folders.map(asPattern).join('|')})`;
const REMOTES = either(WORKSPACES.filter((workspace) => workspace.remote).map((workspace) => workspace.folder));
const APPS = either(
  WORKSPACES.filter((workspace) => workspace.remote || workspace.name === '@steel/shell').map(
    (workspace) => workspace.folder,
  ),
);
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
      name: 'contract-imports-only-zod',
      comment:
        'The contract (@steel/contract) is what apps deployed apart agree on: it imports only itself and zod, never the kit (@steel/shared), React or a browser module, so a kit change never changes it.',
      severity: 'error',
      from: { path: '^mf-contract/src/', pathNot: [TESTS] },
      to: { pathNot: ['^mf-contract/src/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'remotes-stand-alone',
      comment:
        'A remote never imports another remote or the shell: everything crosses apps through @steel/shared and the mount props.',
      severity: 'error',
      from: { path: `^${REMOTES}/` },
      to: { path: `^${APPS}/`, pathNot: '^$1/' },
    },
    {
      name: 'features-keep-their-internals',
      comment:
        "One feature never imports another's files; what several features share moves to src/lib/ or src/entities/ (src/app/ composes features).",
      severity: 'error',
      from: { path: `^${APPS}/src/features/([^/]+)/` },
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
    ...SERVER_LAYERS.slice(0, -1).map(([name, folder], index) => ({
      name: `server-${name}-imports-only-below-it`,
      comment: `In the app server, ${name} imports only what comes before it (${
        SERVER_LAYERS.slice(0, index)
          .map(([below]) => below)
          .join(', ') || 'nothing of the package'
      }): the live set nothing, rendering never the release or the deploy API, the API may use the release. Tests and src/testing/ wire everything together.`,
      severity: 'error',
      from: { path: SERVER + folder, pathNot: [TESTS] },
      to: { path: SERVER_LAYERS.slice(index + 1).map(([, above]) => SERVER + above) },
    })),
    {
      name: 'server-release-never-imports-site-routes',
      comment:
        "The release uses the site only as a whole (site-server.ts, the deploy gate's trial server), never a route module.",
      severity: 'error',
      from: { path: `${SERVER}release/`, pathNot: [TESTS] },
      to: { path: `${SERVER}site/`, pathNot: `${SERVER}site/site-server\\.ts$` },
    },
    ...PACKAGES.map((pkg) => ({
      name: `enter-${pkg.replaceAll('/', '-')}-through-its-exports`,
      comment: `Outside ${pkg}, its src/ is reached through the package's exports (package.json), never by a relative path (but by an e2e fixture built in place of one of its modules, which wraps that module).`,
      severity: 'error',
      from: { pathNot: [`^${pkg}/`, '^e2e/fixtures/'] },
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
