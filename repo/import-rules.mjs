// Runs dependency-cruiser's API over the repository with .dependency-cruiser.cjs and prints every
// violation; exits 1 when there is one. The API, not the `depcruise` command: the command refuses
// Node 20 (this project's toolchain) by its engines field, while the API runs on it.
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');
const { workspaces } = require('./workspaces.cjs');
// Every workspace's sources (repo/workspaces.cjs), and the code that is not a package.
const SOURCES = [
  ...workspaces()
    .filter((workspace) => workspace.hasSources)
    .map((workspace) => `${workspace.folder}/src`),
  'scripts',
  'e2e',
  'repo',
];

const result = await cruise(
  SOURCES,
  { ...config.options, ruleSet: { forbidden: config.forbidden }, validate: true, outputType: 'json' },
  undefined,
  { tsConfig: extractTSConfig('tsconfig.json') },
);
const { summary } = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
for (const violation of summary.violations) {
  const cycle = violation.cycle ? ` (cycle: ${violation.cycle.map((step) => step.name ?? step).join(' → ')})` : '';
  console.log(`${violation.rule.name}: ${violation.from} → ${violation.to}${cycle}`);
}
console.log(
  `${summary.totalCruised} modules, ${summary.totalDependenciesCruised} imports, ${summary.violations.length} violations`,
);
process.exit(summary.violations.length === 0 ? 0 : 1);
