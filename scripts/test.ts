/**
 * `npm test`: every test of the project — unit and component tests (jest) and, beside them, the CMS
 * against a real Strapi on SQLite, on PostgreSQL and with Redis, the production builds, the
 * type-check (tsc), lint (ESLint, zero warnings) and format (Prettier); then the end-to-end suite in Chromium on those
 * builds (with a new remote scaffolded against a real registry and deployed: e2e/new-remote.spec.ts),
 * then the production arrangement (nginx, three app servers with a folder each, Redis, PostgreSQL, Swift).
 * Every step runs even when an earlier one fails; the last line sums them up.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { generateCatalogueData } from './generate-catalogue-data';
import { ensureChromium } from './lib/chromium';
import {
  ensureDebianPrograms,
  OBJECT_STORE,
  PDFTOTEXT,
  PROMETHEUS,
  PROMETHEUS_NGINX_EXPORTER,
} from './lib/debian-packages';
import { repoRoot } from './lib/paths';

interface StepResult {
  name: string;
  exitCode: number;
  passed: number;
  failed: number;
  /** The failing tests' names, so a CI log cut to its last lines still says what failed. */
  failures: string[];
  /** Tests that passed only when retried (Playwright's retries). */
  flaky: string[];
  /** Wall-clock minutes, so the summary shows where the run's time goes. */
  minutes: number;
}

/**
 * Runs a command and keeps its output for the counts. Streamed as it comes, or (`streamed: false`,
 * for a step running beside another) printed in one block when it ends, so two steps' lines never mix.
 */
function runAndCapture(
  command: string,
  args: string[],
  { cwd = repoRoot, streamed = true, env = {} }: { cwd?: string; streamed?: boolean; env?: Record<string, string> },
): Promise<{ exitCode: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer, stream: NodeJS.WriteStream) => {
      output += chunk.toString();
      if (streamed) stream.write(chunk);
    };
    child.stdout.on('data', (chunk: Buffer) => keep(chunk, process.stdout));
    child.stderr.on('data', (chunk: Buffer) => keep(chunk, process.stderr));
    child.on('error', (error) => resolve({ exitCode: 1, output: String(error) }));
    child.on('exit', (code) => resolve({ exitCode: code ?? 1, output }));
  });
}

const lastNumber = (output: string, pattern: RegExp) => {
  const matches = [...output.matchAll(pattern)];
  return matches.length ? Number(matches[matches.length - 1]?.[1]) : 0;
};

const matchedNames = (output: string, pattern: RegExp) => [
  ...new Set([...output.matchAll(pattern)].map((match) => match[1]!.trim())),
];

/** Each runner's way of naming a failed test. */
const failureNames: Record<string, (output: string) => string[]> = {
  // jest: "  ● Suite › test name" (its console blocks start "● Console")
  jest: (output) => matchedNames(output, /^\s+● (?!Console)(.+)$/gm),
  // node's test runner (the CMS runner too): "not ok 3 - test name"
  cms: (output) => matchedNames(output, /^\s*not ok \d+ - (.+)$/gm),
  node: (output) => matchedNames(output, /^\s*not ok \d+ - (.+)$/gm),
  // Playwright's list reporter ends with "  1 failed" and the failed tests' names beneath it.
  playwright: (output) => playwrightListed(output, 'failed'),
  build: () => [],
  // tsc: "path/file.ts(12,3): error TS2322: …" per error; the files named once each.
  tsc: (output) => matchedNames(output, /^(\S+?)\(\d+,\d+\): error TS\d+/gm),
  // ESLint's stylish format names each file with findings on a line of its own (absolute path).
  eslint: (output) => matchedNames(output, /^(\/\S+)$/gm).map((file) => path.relative(repoRoot, file)),
  // Prettier: "[warn] path" per file not formatted, then a "[warn] Code style issues…" line.
  prettier: (output) => matchedNames(output, /^\[warn\] (?!Code style issues)(.+)$/gm),
};

/** The tests Playwright's list reporter names under its closing "  N failed" or "  N flaky" line. */
function playwrightListed(output: string, kind: 'failed' | 'flaky'): string[] {
  const lines = output.split('\n');
  const heading = lines.findLastIndex((line) => new RegExp(`^\\s+\\d+ ${kind}$`).test(line));
  if (heading < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(heading + 1)) {
    // "    e2e/x.spec.ts:61:1 › title ─────" (a project name in brackets first when there are projects)
    const listed = /^\s{4}(\S.*? › .+?)[\s─]*$/.exec(line);
    if (!listed) break;
    names.push(listed[1]!);
  }
  return names;
}

const counters: Record<string, (output: string) => { passed: number; failed: number }> = {
  // jest: "Tests:       2 failed, 169 passed, 171 total"
  jest: (output) => ({
    passed: lastNumber(output, /Tests:.*?(\d+) passed/g),
    failed: lastNumber(output, /Tests:\s+(\d+) failed/g),
  }),
  // the CMS runner: "SUMMARY: 36 tests, 36 passed, 0 failed"
  cms: (output) => {
    const summaries = [...output.matchAll(/SUMMARY: \d+ tests, (\d+) passed, (\d+) failed/g)];
    return summaries.reduce(
      (sum, match) => ({ passed: sum.passed + Number(match[1]), failed: sum.failed + Number(match[2]) }),
      { passed: 0, failed: 0 },
    );
  },
  // node's test runner: "# pass 5" and "# fail 0"
  node: (output) => ({ passed: lastNumber(output, /^# pass (\d+)/gm), failed: lastNumber(output, /^# fail (\d+)/gm) }),
  // Playwright's list reporter: "  160 passed (3.2m)" and "  1 failed"
  playwright: (output) => ({
    passed: lastNumber(output, /^\s+(\d+) passed/gm),
    failed: lastNumber(output, /^\s+(\d+) failed/gm),
  }),
  // No tests: a build fails by its exit code alone.
  build: () => ({ passed: 0, failed: 0 }),
  // Errors, not tests: one "error TS…" line each; nothing when clean.
  tsc: (output) => ({ passed: 0, failed: [...output.matchAll(/\): error TS\d+/g)].length }),
  // Findings, not tests: "✖ 3 problems (2 errors, 1 warning)"; nothing when clean.
  eslint: (output) => ({ passed: 0, failed: lastNumber(output, /✖ (\d+) problems?/g) }),
  // Files not formatted: one "[warn] path" line each.
  prettier: (output) => ({
    passed: 0,
    failed: [...output.matchAll(/^\[warn\] (?!Code style issues)/gm)].length,
  }),
};

async function step(
  name: string,
  counter: keyof typeof counters,
  command: string,
  args: string[],
  { cwd, streamed = true, env = {} }: { cwd?: string; streamed?: boolean; env?: Record<string, string> } = {},
): Promise<StepResult> {
  if (streamed) console.log(`\n=== ${name} ===`);
  const startedAt = Date.now();
  const { exitCode, output } = await runAndCapture(command, args, { cwd, streamed, env });
  const minutes = (Date.now() - startedAt) / 60_000;
  if (!streamed) console.log(`\n=== ${name} (ran beside jest; printed when it ended) ===\n${output}`);
  const counts = counters[counter]!(output);
  // A step that failed without a failing test (crash, build error) still counts as a failure.
  return {
    name,
    exitCode,
    ...counts,
    failed: counts.failed || (exitCode === 0 ? 0 : 1),
    failures: failureNames[counter]!(output),
    flaky: counter === 'playwright' ? playwrightListed(output, 'flaky') : [],
    minutes,
  };
}

async function main() {
  const runStartedAt = Date.now();
  ensureChromium();
  // The shared-state tests and the production arrangement run Debian's Redis and nginx; the
  // systemd units' check (repo/systemd-units.test.ts) needs every program they start; the print
  // tests read a PDF's text with pdftotext; the build-store tests start Swift, an S3-compatible store.
  ensureDebianPrograms([
    PDFTOTEXT,
    { path: '/usr/bin/redis-server', pkg: 'redis-server' },
    { path: '/usr/sbin/nginx', pkg: 'nginx' },
    { path: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so', pkg: 'libnginx-mod-http-brotli-static' },
    { path: '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so', pkg: 'libnginx-mod-http-brotli-filter' },
    { path: '/usr/lib/postgresql/15/bin/postgres', pkg: 'postgresql' },
    PROMETHEUS,
    PROMETHEUS_NGINX_EXPORTER,
    ...OBJECT_STORE,
  ]);
  generateCatalogueData();
  const bin = (name: string) => path.join(repoRoot, 'node_modules/.bin', name);
  const cms = path.join(repoRoot, 'deploy/cms');
  // Two lanes, one per core of this 2-core machine. jest (one worker) starts the first; the CMS
  // suites (one Strapi each, each with free ports of its own and its own redis-server) and the
  // production builds the end-to-end run uses (and the builds its specs deploy) start the second;
  // the one-thread checks — the type-check, lint, format — go to whichever lane is free first. None
  // of them shares files or ports with another; those beside jest print their output in one block
  // when they end.
  const beside = { streamed: false };
  const besideSteps: Array<() => Promise<StepResult>> = [
    () => step('CMS on SQLite (real Strapi)', 'cms', 'npm', ['test'], { ...beside, cwd: cms }),
    () =>
      step('CMS on PostgreSQL (real Strapi, Debian PostgreSQL)', 'cms', 'npm', ['run', 'test:postgres'], {
        ...beside,
        cwd: cms,
      }),
    () =>
      step('CMS rate limits in Redis (real Strapi, Debian redis-server)', 'cms', 'npm', ['run', 'test:redis'], {
        ...beside,
        cwd: cms,
      }),
    () =>
      step(
        'production builds of every app, for the end-to-end run',
        'build',
        bin('tsx'),
        ['scripts/e2e.ts', '--build-only'],
        beside,
      ),
    // jest only transpiles (jest.config.cjs): every file, tests and scripts included, is type-checked here once.
    () =>
      step('type-check (tsc, the whole repository)', 'tsc', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], beside),
    () => step('lint (ESLint, zero warnings)', 'eslint', bin('eslint'), ['--max-warnings', '0', '.'], beside),
    () => step('format (Prettier)', 'prettier', bin('prettier'), ['--check', '--no-color', '.'], beside),
  ];
  const besideResults: StepResult[] = [];
  const takeBesideSteps = async () => {
    for (let next = besideSteps.shift(); next; next = besideSteps.shift()) besideResults.push(await next());
  };
  const [jest] = await Promise.all([
    step('unit and component tests (jest)', 'jest', bin('jest'), ['--ci']).then(async (result) => {
      await takeBesideSteps();
      return result;
    }),
    takeBesideSteps(),
  ]);
  const results = [
    jest,
    ...besideResults,
    await step('end-to-end (Chromium, production builds)', 'playwright', bin('tsx'), ['scripts/e2e.ts'], {
      env: { E2E_REUSE_BUILDS: '1' },
    }),
    // After the end-to-end run, whose builds it reuses: nginx, three app servers, Redis, PostgreSQL, Swift.
    await step('production arrangement (nginx, 3 app servers, Redis, PostgreSQL, Swift)', 'node', bin('tsx'), [
      '--test',
      'scripts/topology/production-arrangement.test.ts',
    ]),
  ];

  console.log('\n=== summary ===');
  for (const result of results) {
    console.log(
      `${result.exitCode === 0 ? 'ok  ' : 'FAIL'} ${result.name}: ${result.passed} passed, ${result.failed} failed` +
        ` (${result.minutes.toFixed(1)} min)`,
    );
    for (const failure of result.failures) console.log(`       ✘ ${failure}`);
    for (const flaky of result.flaky) console.log(`       flaky (passed on its retry): ${flaky}`);
  }
  const passed = results.reduce((sum, result) => sum + result.passed, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  const minutes = (Date.now() - runStartedAt) / 60_000;
  console.log(`Summary: ${passed} passed, ${failed} failed in ${minutes.toFixed(1)} min`);
  process.exit(results.every((result) => result.exitCode === 0) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
