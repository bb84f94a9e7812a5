/**
 * Changing what is live, the way a team does it: the gate first, then the activation, and a line
 * in the history either way it went. A refusal is overridden only with a reason (`--force`), and
 * the reason is recorded beside the refusal.
 *
 * The CLI and the deploy API both come through here, and every gate run and live-set change holds
 * the builds folder's deploy lock: changes are applied one at a time in the order asked, and the
 * gate's smoke server (one fixed port, DEPLOY_GATE_PORT, which the CMS's CORS allows) never runs
 * twice at once.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { activate, endCanary, NoCanary, NothingToRollBack, rollback, startCanary, type ActivateResult } from './activate';
import { type AppName, readLive } from './builds-folder';
import { checkVersion, type GateOptions, type GateResult } from './gate/check';
import { appendHistory } from './history';
import { withFileLock } from './lock';
import { publish, type PublishResult } from './publish';

export class GateRefusal extends Error {
  override readonly name = 'GateRefusal';
}

export interface ReleaseOptions extends GateOptions {
  /** Activate despite a refusal; the reason is recorded. */
  force?: string;
  /** Who asks (recorded); the OS user by default. */
  by?: string;
}

/** Long enough for another process's gate runs (the catalogue's takes ~25 s) ahead of ours. */
const DEPLOY_LOCK_WAIT_MS = 10 * 60_000;

/** One writer of the live set (and one gate) at a time per builds folder, across processes. */
export async function withDeployLock<T>(buildsDir: string, fn: () => Promise<T>): Promise<T> {
  await fs.mkdir(buildsDir, { recursive: true });
  return withFileLock(path.join(buildsDir, '.deploy.lock'), { waitMs: DEPLOY_LOCK_WAIT_MS }, fn);
}

const whoami = () => os.userInfo().username;

/** publish, recorded in the history when it stored a new version. */
export async function publishVersion(buildsDir: string, app: AppName, distDir: string, { by = whoami(), compress = true }: { by?: string; compress?: boolean } = {}): Promise<PublishResult> {
  const result = await publish(buildsDir, app, distDir, { compress });
  if (result.created) await appendHistory(buildsDir, { action: 'publish', app, version: result.version, previous: null, gate: 'not run (a publish)', forced: null, by });
  return result;
}

/** The gate alone (`check`), in its turn; recorded, since a pass is what an override needs. */
export function checkRelease(buildsDir: string, app: AppName, version: string, options: GateOptions & { by?: string } = {}): Promise<GateResult> {
  return withDeployLock(buildsDir, async () => {
    const gate = await checkVersion(buildsDir, app, version, options);
    const live = (await readLive(buildsDir))?.[app] ?? null;
    await appendHistory(buildsDir, { action: 'check', app, version, previous: live, gate: gate.refusal ?? 'passed', forced: null, by: options.by ?? whoami() });
    return gate;
  });
}

/** The gate, then `apply` (an activation or a canary), recorded as `action`. */
async function gated(buildsDir: string, app: AppName, version: string, options: ReleaseOptions, action: 'activate' | 'canary', apply: () => Promise<ActivateResult>) {
  const by = options.by ?? whoami();
  return withDeployLock(buildsDir, async () => {
    const gate = await checkVersion(buildsDir, app, version, options);
    if (gate.refusal && !options.force) {
      const previous = (await readLive(buildsDir))?.[app] ?? null;
      await appendHistory(buildsDir, { action: 'refused', app, version, previous, gate: gate.refusal, forced: null, by });
      throw new GateRefusal(gate.refusal);
    }
    const result = await apply();
    await appendHistory(buildsDir, {
      action,
      app,
      version,
      previous: result.previous,
      gate: gate.refusal ?? 'passed',
      forced: gate.refusal ? (options.force ?? null) : null,
      by,
    });
    return { ...result, gateMs: gate.ms, refusal: gate.refusal };
  });
}

export function releaseVersion(buildsDir: string, app: AppName, version: string, options: ReleaseOptions = {}): Promise<ActivateResult & { gateMs: number; refusal: string | null }> {
  return gated(buildsDir, app, version, options, 'activate', () => activate(buildsDir, app, version));
}

/** `deploy canary <app> <version> <percent>`: the gate, then the version for that share of visitors. */
export function canaryVersion(buildsDir: string, app: AppName, version: string, percent: number, options: ReleaseOptions = {}) {
  return gated(buildsDir, app, version, options, 'canary', () => startCanary(buildsDir, app, version, percent));
}

/** `deploy promote <app>`: the canary's version live for everyone (it passed the gate to become a canary). */
export function promoteCanary(buildsDir: string, app: AppName, by: string = whoami()): Promise<ActivateResult> {
  return withDeployLock(buildsDir, async () => {
    const canary = (await readLive(buildsDir))?.canary?.[app];
    if (!canary) throw new NoCanary(`${app} has no canary to promote`);
    const result = await activate(buildsDir, app, canary.version);
    await appendHistory(buildsDir, { action: 'promote', app, version: canary.version, previous: result.previous, gate: 'passed (as a canary)', forced: null, by });
    return result;
  });
}

/**
 * `deploy abort <app>`: everyone back on the live version. The health monitor calls it too, with
 * the figures that made it act (`why`) and the version it judged, so it never ends a newer canary.
 */
export function abortCanary(buildsDir: string, app: AppName, { by = whoami(), why, expectedVersion }: { by?: string; why?: string; expectedVersion?: string } = {}): Promise<ActivateResult> {
  return withDeployLock(buildsDir, async () => {
    const result = await endCanary(buildsDir, app, expectedVersion);
    await appendHistory(buildsDir, { action: why ? 'auto-abort' : 'abort', app, version: result.previous ?? '', previous: result.version, gate: why ?? 'not run (an abort)', forced: null, by });
    return result;
  });
}

/** The previous version back; `why` (the health monitor's figures) marks an automatic one. */
export function rollbackVersion(buildsDir: string, app: AppName, by: string = whoami(), why?: string, expectedVersion?: string): Promise<ActivateResult> {
  return withDeployLock(buildsDir, async () => {
    if (expectedVersion && (await readLive(buildsDir))?.[app] !== expectedVersion) throw new NothingToRollBack(`${app} ${expectedVersion} is no longer live`);
    const result = await rollback(buildsDir, app);
    await appendHistory(buildsDir, { action: why ? 'auto-rollback' : 'rollback', app, version: result.version, previous: result.previous, gate: why ?? 'not run (a rollback)', forced: null, by });
    return result;
  });
}
