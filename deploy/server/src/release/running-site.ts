/**
 * The running site's own settings, for the deploy CLI on the same machine: an app server writes
 * where its CMS is and which port its gate's smoke tests take into its builds folder when it
 * starts, and the CLI's local commands (`activate`, `check`, `canary`) read them, so the README's
 * commands work unchanged beside an `npm start` on other ports (`PORT=… CMS_PORT=…`) instead of
 * trying the defaults. What the caller's environment says wins; a server no longer running is
 * ignored. No secret goes there (the builds folder holds builds and state, never keys).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { writeFileAtomically } from '../live-set/builds-folder';
import type { Env } from '../settings/setting-kinds';

/** Hidden, like the server's other state beside the builds: not a build, and not copied with them. */
export const RUNNING_SITE_FILE = '.running-site.json';

interface RunningSite {
  pid: number;
  siteUrl: string;
  cmsPublicUrl: string;
  cmsInternalUrl: string;
  /** DEPLOY_GATE_PORT as the server has it; null for the default. */
  gatePort: string | null;
}

/** Written by an app server once it listens. */
export async function recordRunningSite(config: ServerConfig, env: Env): Promise<void> {
  const site: RunningSite = {
    pid: process.pid,
    siteUrl: config.siteUrl,
    cmsPublicUrl: config.cmsPublicUrl,
    cmsInternalUrl: config.cmsInternalUrl,
    gatePort: env.DEPLOY_GATE_PORT?.trim() || null,
  };
  await writeFileAtomically(config.buildsDir, RUNNING_SITE_FILE, `${JSON.stringify(site, null, 2)}\n`);
}

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // Alive, but another user's: still the site's server.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** `env` with the running site's settings where `env` has none (unchanged when no server runs on `buildsDir`). */
export async function withRunningSiteSettings(buildsDir: string, env: Env): Promise<Env> {
  let site: RunningSite;
  try {
    site = JSON.parse(await fs.readFile(path.join(buildsDir, RUNNING_SITE_FILE), 'utf8')) as RunningSite;
  } catch {
    return env;
  }
  if (!Number.isInteger(site.pid) || !running(site.pid)) return env;
  const fromSite: Env = {
    CMS_PUBLIC_URL: site.cmsPublicUrl,
    CMS_INTERNAL_URL: site.cmsInternalUrl,
    SITE_URL: site.siteUrl,
    ...(site.gatePort ? { DEPLOY_GATE_PORT: site.gatePort } : {}),
  };
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  return { ...fromSite, ...given };
}
