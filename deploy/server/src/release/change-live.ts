/**
 * Changing what is live, the way a team does it: `changeLive` is the one way every caller — the
 * CLI (local, and through the deploy API), the health monitor and `npm run build` — changes
 * live.json. It runs the rules that apply, makes the change, writes its release-log line and tells
 * the caller's servers once:
 * - a new activation or canary passes the gate first; a refusal is overridden only with a reason
 *   (`--force`), and the reason is recorded beside the refusal;
 * - a promotion, an abort and a rollback run no gate: they go to a version that was live (or
 *   that passed the gate as the canary);
 * - asking for what is already so (the live version activated again, the running canary started
 *   again at its share) changes nothing: no gate, no release-log line, no notice.
 *
 * Every gate run and live-set change holds the builds folder's deploy lock: changes are applied
 * one at a time in the order asked, and the gate's smoke server (one fixed port,
 * DEPLOY_GATE_PORT, which the CMS's CORS allows) never runs twice at once.
 */
import { endCanary, NoCanary, startCanary } from './canary';
import { withDeployLock } from './deploy-lock';
import { activate, NothingToRollBack, rollback, type ActivateResult } from './live-file-writes';
import { type AppName, emptyLive, readLive } from '../live-set/builds-folder';
import { checkVersion, type GateResult } from './gate/check';
import { appendToReleaseLog, type ReleaseLogAction, localUser } from './release-log';
import type { ReleaseProgress } from './publish';

export class GateRefusal extends Error {
  override readonly name = 'GateRefusal';
}

/** What a caller asks of an app's live set. */
export type LiveChange =
  /** The version live for everyone (a canary of the app ends). */
  | { action: 'activate'; version: string }
  /** The version for `percent` % of visitors, the live one for the rest. */
  | { action: 'canary'; version: string; percent: number }
  /** The canary's version live for everyone. */
  | { action: 'promote' }
  /** Everyone back on the live version. */
  | { action: 'abort'; expectedVersion?: string; why?: string }
  /** The previous live version back. */
  | { action: 'rollback'; expectedVersion?: string; why?: string };
// `expectedVersion`: act only while the canary (abort) or the live version (rollback) is still
// this one — the version the health monitor judged, so it never ends a newer one. `why`: the
// monitor's figures, which make the line an `auto-abort` or `auto-rollback`.

export interface ReleaseOptions {
  /** Where the gate's smoke tests find the CMS and their port (CMS_INTERNAL_URL, DEPLOY_GATE_PORT…). */
  env?: NodeJS.ProcessEnv;
  /** Go live despite a refusal; the reason is recorded. */
  force?: string;
  /**
   * A developer's local build (`npm run build`, scripts/lib/publish.ts has why): the gate's
   * static rules run and their word is recorded, its smoke tests (Chromium and a CMS) do not, and
   * the build goes live whatever the rules say — with this reason recorded as the forcing one,
   * so the line never reads as a passed gate. Neither the CLI nor the deploy API offers it.
   */
  localBuild?: string;
  /** Who asks (recorded); the OS user by default. */
  by?: string;
  /**
   * Called once when live.json changed, after its release-log line (the app server tells every app
   * server and their open tabs); never when nothing changed. The local CLI needs none: servers
   * see live.json change by themselves.
   */
  onLiveChanged?: () => Promise<void> | void;
  /** The job this change runs in (jobs/jobs.ts): told each step, and asked before live.json is written. */
  progress?: ReleaseProgress;
}

export interface LiveChangeResult extends ActivateResult {
  /** The release-log line written; null when nothing changed. */
  recorded: ReleaseLogAction | null;
  /** The gate's refusal that was forced (or let through for a local build); null otherwise. */
  refusal: string | null;
  /** How long the gate took (0 when it did not run). */
  gateMs: number;
}

/** The gate alone (`check`), in its turn; recorded, since a pass is what an override needs. */
export function checkRelease(
  buildsDir: string,
  app: AppName,
  version: string,
  options: { env?: NodeJS.ProcessEnv; by?: string; progress?: ReleaseProgress } = {},
): Promise<GateResult> {
  return lockedFor(buildsDir, options.progress, async () => {
    const gate = await checkVersion(buildsDir, app, version, { env: options.env, onStep: stepOf(options.progress) });
    const live = (await readLive(buildsDir))?.versions[app] ?? null;
    await appendToReleaseLog(buildsDir, {
      action: 'check',
      app,
      version,
      previous: live,
      gate: gate.refusal ?? 'passed',
      forced: null,
      by: options.by ?? localUser(),
    });
    return gate;
  });
}

/**
 * The gate on a version about to go live or into a canary: its word for the release-log line, or a `refused` line
 * and a GateRefusal unless overridden.
 */
async function gateFor(
  buildsDir: string,
  app: AppName,
  version: string,
  live: string | null,
  options: ReleaseOptions,
  by: string,
): Promise<{ word: string; refusal: string | null; forced: string | null; ms: number }> {
  const gate = await checkVersion(buildsDir, app, version, {
    env: options.env,
    staticOnly: Boolean(options.localBuild),
    onStep: stepOf(options.progress),
  });
  const overriddenBy = options.localBuild ?? options.force ?? null;
  if (gate.refusal && !overriddenBy) {
    await appendToReleaseLog(buildsDir, {
      action: 'refused',
      app,
      version,
      previous: live,
      gate: gate.refusal,
      forced: null,
      by,
    });
    throw new GateRefusal(gate.refusal);
  }
  if (options.localBuild)
    return {
      word: gate.refusal ?? 'static rules passed; smoke tests not run',
      refusal: gate.refusal,
      forced: options.localBuild,
      ms: gate.ms,
    };
  return {
    word: gate.refusal ?? 'passed',
    refusal: gate.refusal,
    forced: gate.refusal ? overriddenBy : null,
    ms: gate.ms,
  };
}

/**
 * The one way to change an app's live set (see the top of this file). Release-log lines keep one
 * reading (release-log.ts): `version` is the version the line is about — made live, put back, started
 * or ended as a canary — and `previous` the app's version live for everyone just before.
 */
export async function changeLive(
  buildsDir: string,
  app: AppName,
  change: LiveChange,
  options: ReleaseOptions = {},
): Promise<LiveChangeResult> {
  const by = options.by ?? localUser();
  const result = await lockedFor(buildsDir, options.progress, async (): Promise<LiveChangeResult> => {
    const live = await readLive(buildsDir);
    const current = live?.versions[app] ?? null;
    const unchanged = (version: string): LiveChangeResult => ({
      app,
      version,
      previous: current,
      changed: false,
      live: live ?? emptyLive(),
      recorded: null,
      refusal: null,
      gateMs: 0,
    });
    /** The write and its release-log line, at the point of no return: a job cancelled until here changes nothing. */
    const committed = <T>(what: string, write: () => Promise<T>): Promise<T> =>
      options.progress ? options.progress.commit(what, write) : write();
    const record = async (
      applied: ActivateResult,
      action: ReleaseLogAction,
      line: { version: string; gate: string; forced?: string | null },
      gate?: { refusal: string | null; ms: number },
    ) => {
      await appendToReleaseLog(buildsDir, {
        action,
        app,
        version: line.version,
        previous: current,
        gate: line.gate,
        forced: line.forced ?? null,
        by,
      });
      return { ...applied, recorded: action, refusal: gate?.refusal ?? null, gateMs: gate?.ms ?? 0 };
    };

    switch (change.action) {
      case 'activate': {
        if (current === change.version) return unchanged(change.version);
        const gate = await gateFor(buildsDir, app, change.version, current, options, by);
        return committed(`${app} ${change.version} live`, async () =>
          record(
            await activate(buildsDir, app, change.version),
            'activate',
            { version: change.version, gate: gate.word, forced: gate.forced },
            gate,
          ),
        );
      }
      case 'canary': {
        const running = live?.canary?.[app];
        if (running?.version === change.version && running.percent === change.percent) return unchanged(change.version);
        // Refused before the gate runs for nothing (startCanary says so again under its own lock).
        if (!current) throw new NoCanary(`${app} has no live version to compare a canary with: activate it first`);
        if (current === change.version) throw new NoCanary(`${app} ${change.version} is already live for everyone`);
        const gate = await gateFor(buildsDir, app, change.version, current, options, by);
        return committed(`${app} ${change.version} a canary for ${change.percent}%`, async () =>
          record(
            await startCanary(buildsDir, app, change.version, change.percent),
            'canary',
            { version: change.version, gate: gate.word, forced: gate.forced },
            gate,
          ),
        );
      }
      case 'promote': {
        const canary = live?.canary?.[app];
        if (!canary) throw new NoCanary(`${app} has no canary to promote`);
        return committed(`${app} ${canary.version} promoted`, async () =>
          record(await activate(buildsDir, app, canary.version), 'promote', {
            version: canary.version,
            gate: 'passed (as a canary)',
          }),
        );
      }
      case 'abort': {
        // The line is about the canary that ended; everyone stays on `previous`, the live version.
        return committed(`${app}'s canary aborted`, async () => {
          const ended = await endCanary(buildsDir, app, change.expectedVersion);
          return record(ended, change.why ? 'auto-abort' : 'abort', {
            version: ended.previous ?? '',
            gate: change.why ?? 'not run (an abort)',
          });
        });
      }
      case 'rollback': {
        if (change.expectedVersion && current !== change.expectedVersion)
          throw new NothingToRollBack(`${app} ${change.expectedVersion} is no longer live`);
        return committed(`${app} rolled back`, async () => {
          const back = await rollback(buildsDir, app);
          return record(back, change.why ? 'auto-rollback' : 'rollback', {
            version: back.version,
            gate: change.why ?? 'not run (a rollback)',
          });
        });
      }
    }
  });
  // Outside the lock: the next change need not wait for the notice to be sent.
  if (result.changed) await options.onLiveChanged?.();
  return result;
}

/** The deploy lock, with what a job following it hears: waiting its turn, then its turn. */
async function lockedFor<T>(
  buildsDir: string,
  progress: ReleaseProgress | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  await progress?.step('waiting its turn (one deploy at a time: the deploy lock)');
  return withDeployLock(buildsDir, async () => {
    await progress?.step('its turn: running');
    return fn();
  });
}

/** A gate's steps told to a job, in passing: a line lost is not worth failing the gate for. */
const stepOf = (progress: ReleaseProgress | undefined) =>
  progress && ((line: string) => void progress.step(`the gate: ${line}`).catch(() => undefined));

/** changeLive's activation, for scripts and tests: the gate, then the version live for everyone. */
export function releaseVersion(
  buildsDir: string,
  app: AppName,
  version: string,
  options: ReleaseOptions = {},
): Promise<LiveChangeResult> {
  return changeLive(buildsDir, app, { action: 'activate', version }, options);
}

/** changeLive's rollback, for scripts and tests: the previous version back. */
export function rollbackVersion(
  buildsDir: string,
  app: AppName,
  options: ReleaseOptions = {},
): Promise<LiveChangeResult> {
  return changeLive(buildsDir, app, { action: 'rollback' }, options);
}
