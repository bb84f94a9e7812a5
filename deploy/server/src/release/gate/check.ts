/**
 * `deploy check <app> <version>`: every rule of the deploy gate, in order, stopping at the first
 * refusal — one line saying which rule failed and what would satisfy it. `activate` runs it first
 * and refuses on a failure unless forced (docs/architecture.md, "Deploying a remote").
 */
import { buildsOfFolder } from '../../build-files/builds-of-folder';
import { readLive, versionDir, type AppName } from '../../live-set/builds-folder';
import { readApps } from '../../live-set/app-registry';
import {
  appServerPathsRule,
  contractRule,
  digestsRule,
  exposesRule,
  liveAppManifestOf,
  liveAppManifests,
  pagesRule,
  slotsRule,
  readCandidateAppManifest,
  registeredPathsRule,
  sharedRule,
  type Candidate,
  type RuleResult,
} from './static-rules';
import { gateRecorder } from './gate-report';
import { loadConfig } from '../../config';
import { processEnvironment } from '../../settings/settings-table';
import { smokeTest } from './smoke';
import { slotCostRule, weightRule } from './weight-budgets';

export interface GateResult {
  /** The first refusal, or null when every rule passed. */
  refusal: string | null;
  ms: number;
  /** What the gate says beside its verdict (a page it could not judge, the live figures it kept): never a refusal. */
  notes: string[];
}

export interface GateOptions {
  /** Where the smoke tests find the CMS and the gate's port (CMS_INTERNAL_URL, DEPLOY_GATE_PORT…). */
  env?: NodeJS.ProcessEnv;
  /** The static rules alone, without the smoke tests (which need Chromium and a CMS): `npm run build`'s local builds (change-live.ts). */
  staticOnly?: boolean;
  /** Told what the gate does now (a job's progress line). */
  onStep?: (line: string) => void;
}

export async function checkVersion(
  buildsDir: string,
  app: AppName,
  version: string,
  options: GateOptions = {},
): Promise<GateResult> {
  const started = Date.now();
  const notes: string[] = [];
  // Each rule's word and each page tried, kept with the version for the deploy console.
  const recorder = gateRecorder(buildsDir, app, version);
  const done = async (refusal: string | null): Promise<GateResult> => {
    await recorder.save().catch(() => undefined);
    return { refusal, ms: Date.now() - started, notes };
  };
  // Its files on this server first (fetched from the object store when another server published
  // it); a version that cannot be had is refused below for its missing app manifest.
  await buildsOfFolder(buildsDir)
    .local(app, version)
    .catch(() => undefined);
  const candidate: Candidate = { buildsDir, app, version, dir: versionDir(buildsDir, app, version) };
  const manifest = await readCandidateAppManifest(candidate);
  if (typeof manifest === 'string') return done(recorder.rule('manifest', manifest));
  const liveFile = await readLive(buildsDir);
  const live = await liveAppManifests(buildsDir, liveFile, app);
  const staticRules: Array<[string, () => RuleResult | Promise<RuleResult>]> = [
    ['exposes', () => exposesRule(candidate, manifest)],
    ['digests', () => digestsRule(candidate, manifest)],
    ['contract', () => contractRule(manifest, live)],
    ['shared', () => sharedRule(manifest, live)],
    ['reserved paths', () => appServerPathsRule(manifest)],
    ['pages', () => pagesRule(manifest, live)],
    ['slots', () => slotsRule(manifest, live)],
    [
      'registered paths',
      async () =>
        registeredPathsRule(manifest, (await readApps(buildsDir)).find((entry) => entry.name === app) ?? null),
    ],
    [
      'weight',
      async () => {
        const liveOwn = await liveAppManifestOf(buildsDir, liveFile, app);
        return weightRule(manifest, liveOwn) ?? slotCostRule(manifest, live, liveOwn);
      },
    ],
  ];
  options.onStep?.('static rules (manifest, digests, contract, shared, reserved paths, pages, weights)');
  for (const [name, rule] of staticRules) {
    const refusal = recorder.rule(name, await rule());
    if (refusal) return done(refusal);
  }
  if (options.staticOnly) return done(null);
  return done(
    recorder.rule(
      'smoke',
      await smokeTest(candidate, manifest, live, {
        env: options.env ?? processEnvironment(),
        chromiumPath: loadConfig(options.env).print.chromiumPath,
        liveVersion: liveFile?.versions[app] ?? null,
        notes,
        recorder,
        onStep: options.onStep,
      }),
    ),
  );
}
