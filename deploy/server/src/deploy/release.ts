/**
 * Changing what is live, the way a team does it: the gate first, then the activation, and a line
 * in the history either way it went. A refusal is overridden only with a reason (`--force`), and
 * the reason is recorded beside the refusal.
 */
import os from 'node:os';
import { activate, rollback, type ActivateResult } from './activate';
import type { AppName } from './builds-folder';
import { checkVersion, type GateOptions } from './gate/check';
import { appendHistory } from './history';

export class GateRefusal extends Error {
  override readonly name = 'GateRefusal';
}

export interface ReleaseOptions extends GateOptions {
  /** Activate despite a refusal; the reason is recorded. */
  force?: string;
  /** Who asks (recorded); the OS user by default. */
  by?: string;
}

export async function releaseVersion(buildsDir: string, app: AppName, version: string, options: ReleaseOptions = {}): Promise<ActivateResult & { gateMs: number; refusal: string | null }> {
  const gate = await checkVersion(buildsDir, app, version, options);
  if (gate.refusal && !options.force) throw new GateRefusal(gate.refusal);
  const result = await activate(buildsDir, app, version);
  await appendHistory(buildsDir, {
    action: 'activate',
    app,
    version,
    previous: result.previous,
    gate: gate.refusal ?? 'passed',
    forced: gate.refusal ? (options.force ?? null) : null,
    by: options.by ?? os.userInfo().username,
  });
  return { ...result, gateMs: gate.ms, refusal: gate.refusal };
}

export async function rollbackVersion(buildsDir: string, app: AppName, by: string = os.userInfo().username): Promise<ActivateResult> {
  const result = await rollback(buildsDir, app);
  await appendHistory(buildsDir, { action: 'rollback', app, version: result.version, previous: result.previous, gate: 'not run (a rollback)', forced: null, by });
  return result;
}
