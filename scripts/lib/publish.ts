import { changeLive, GateRefusal } from '@steel/server/change-live';
import { publishVersion } from '@steel/server/publish';
import { whyOthersUseSite } from '@steel/server/site-record';
import type { AppName } from './paths';

/**
 * Why `npm run build` makes its builds live without the gate's smoke tests on a developer's own
 * builds folder, as the release-log line records it. The smoke tests need Debian's Chromium and a
 * running CMS, and `npm start`, the e2e run and the benches build on fresh folders before any CMS
 * is up (start.ts starts the CMS after building). The static rules still run and their word is
 * recorded; a refusal does not stop a developer's build (rebuilding every app after a contract
 * change refuses the first one against the old others), it is recorded beside this reason — so no
 * local build ever reads as gate-passed, and an override needs a real `deploy check`.
 */
export const LOCAL_BUILD_REASON =
  "npm run build: a local development build (the gate's smoke tests need Chromium and a CMS)";

/** A build refused by the gate on a site others use: published, not live (the command exits 1). */
export class RefusedOnSharedSite extends Error {
  override readonly name = 'RefusedOnSharedSite';
}

/**
 * Publishes a dist folder as an immutable version and makes it live through the deploy
 * platform's one way (`changeLive`): a `publish` and an `activate` line in the release log, nothing
 * when this very build is live already. Returns the version.
 *
 * How it goes live depends on who else uses the builds folder (@steel/server/site-record): on a
 * site others use — deploy keys configured, or served beyond this machine — the whole gate runs, as
 * `deploy activate` would, and a refusal leaves the version published but not live; on the
 * developer's own folder it goes live as a local build whatever the static rules say, and the
 * developer is told when they refused it.
 */
export async function publishAndActivate(
  buildsDir: string,
  app: AppName,
  distDir: string,
  /** Where the gate's smoke tests find the CMS and their port, on a site others use. */
  env: NodeJS.ProcessEnv = process.env,
): Promise<string> {
  const { version } = await publishVersion(buildsDir, app, distDir);
  const othersUse = await whyOthersUseSite(buildsDir);
  if (othersUse) {
    try {
      await changeLive(buildsDir, app, { action: 'activate', version }, { env });
    } catch (error) {
      if (!(error instanceof GateRefusal)) throw error;
      throw new RefusedOnSharedSite(
        `${app} ${version} is published, not live: the gate refused it (${error.message}). ` +
          `This builds folder is a site others use (${othersUse}), so npm run build makes nothing live there ` +
          `that the gate refuses. Make it pass, or make it live with your reason recorded: ` +
          `npm run deploy -w @steel/server -- activate ${app} ${version} --force "<reason>"`,
      );
    }
    console.log(`\n${app} ${version}: passed the deploy gate (a site others use: ${othersUse})`);
    return version;
  }
  const { refusal } = await changeLive(
    buildsDir,
    app,
    { action: 'activate', version },
    { localBuild: LOCAL_BUILD_REASON },
  );
  if (refusal)
    console.warn(
      `\n${app} ${version}: the gate's static rules refuse it (${refusal}); live anyway as a local build, recorded in the release log — ` +
        `this builds folder is your own (no deploy key configured for it, served on this machine only); on a site others use it would not go live`,
    );
  return version;
}
