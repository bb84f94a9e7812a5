/**
 * Issuing an override (live-set/override-cookies.ts) to a key holder: the deploy API's
 * `POST /_/deploy/<app>/override` and the deploy console's override link, one implementation.
 */
import { type AppName, readLive } from '../live-set/builds-folder';
import type { DeployKeyRecord } from '../live-set/deploy-keys';
import { OVERRIDE_APPLY_PATH, overrideCookieName, signOverride } from '../live-set/override-cookies';
import { appendToReleaseLog, passedGate } from '../release/release-log';

export interface IssuedOverride {
  app: AppName;
  version: string;
  expiresAt: string;
  cookie: { name: string; value: string };
  /** Opened in a browser, it sets the cookie there. */
  link: string;
}

/**
 * An override of `version` for `minutes`, recorded in the release log under the key's name; a refusal
 * (409 in the API) for a version that never passed the gate — a forced or never-checked version is
 * not tried on production data, even by its own team.
 */
export async function issueOverride(
  buildsDir: string,
  key: DeployKeyRecord,
  app: AppName,
  version: string,
  minutes: number,
): Promise<IssuedOverride | { refusal: string }> {
  if (!(await passedGate(buildsDir, app, version)))
    return { refusal: `${app} ${version} has not passed the gate: check it first (deploy check ${app} ${version})` };
  const expiresAt = Date.now() + minutes * 60_000;
  const token = signOverride(key, version, expiresAt);
  const live = (await readLive(buildsDir))?.versions[app] ?? null;
  await appendToReleaseLog(buildsDir, {
    action: 'override',
    app,
    version,
    previous: live,
    gate: `passed (override for ${minutes} min)`,
    forced: null,
    by: key.name,
    expiresAt: new Date(expiresAt).toISOString(),
  });
  return {
    app,
    version,
    expiresAt: new Date(expiresAt).toISOString(),
    cookie: { name: overrideCookieName(app), value: token },
    link: `${OVERRIDE_APPLY_PATH}?${new URLSearchParams({ app, token })}`,
  };
}
