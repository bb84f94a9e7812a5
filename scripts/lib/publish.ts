import { changeLive } from '@steel/server/change-live';
import { publishVersion } from '@steel/server/publish';
import type { AppName } from './paths';

/**
 * Why `npm run build` makes its builds live without the gate's smoke tests, as the history line
 * records it. The smoke tests need Debian's Chromium and a running CMS, and `npm start`, the e2e
 * run and the benches build on fresh folders before any CMS is up (start.ts starts the CMS after
 * building). The static rules still run and their word is recorded; a refusal does not stop a
 * developer's build (rebuilding every app after a contract change refuses the first one against
 * the old others), it is recorded beside this reason — so no local build ever reads as
 * gate-passed, and an override needs a real `deploy check`.
 */
export const LOCAL_BUILD_REASON =
  "npm run build: a local development build (the gate's smoke tests need Chromium and a CMS)";

/**
 * Publishes a dist folder as an immutable version and makes it live through the deploy
 * platform's one way (`changeLive`): a `publish` and an `activate` line in the history, nothing
 * when this very build is live already. Returns the version.
 */
export async function publishAndActivate(buildsDir: string, app: AppName, distDir: string): Promise<string> {
  const { version } = await publishVersion(buildsDir, app, distDir);
  const { refusal } = await changeLive(
    buildsDir,
    app,
    { action: 'activate', version },
    { localBuild: LOCAL_BUILD_REASON },
  );
  if (refusal)
    console.warn(
      `\n${app} ${version}: the gate's static rules refuse it (${refusal}); live anyway as a local build, recorded in the history`,
    );
  return version;
}
