/**
 * What the app servers of a builds folder record of themselves as they start (`BUILDS_DIR/.site.json`),
 * for the scripts on this machine that act on the folder without the servers' settings:
 *
 * - **the deploy CLI's local `check`, `activate` and `canary`** run the gate against the CMS (and on the
 *   gate port) of the server still running there, unless their own environment names them — so the
 *   guides' commands work beside an `npm start` on other ports (`PORT=… CMS_PORT=…`);
 * - **`npm run build`** asks whether the folder is **a site that others use** or a developer's own,
 *   which decides whether it may make live a version the gate refused (scripts/lib/publish.ts;
 *   docs/architecture.md, "Deploying a remote"). Others use the site when either holds:
 *   - teams can deploy to it: a deploy key is configured where one of its app servers reads keys
 *     (read when asked, so a key removed since counts no more; an unreadable file is someone else's);
 *   - visitors reach it: a server serves it at an address other than this machine's own (`SITE_URL`
 *     not localhost or a loopback address).
 *   A folder no server has served yet (a fresh checkout's, the end-to-end run's) is its builder's.
 *
 * No secret goes there: addresses, a port, a keys file's path and how many keys the environment gave.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ServerConfig } from '../config';
import { writeFileAtomically } from '../live-set/builds-folder';
import { processAlive } from '../platform-state/process-alive';
import { storedKeys } from '../live-set/deploy-keys';
import { listensOnLoopbackOnly } from '../security/content-change-caller';
import type { Env } from '../settings/setting-kinds';

/** Hidden, like the server's other state beside the builds: not a build, and not copied with them. */
export const SITE_FILE = '.site.json';
/** The servers kept in the record: enough for every arrangement that serves one folder. */
const KEPT = 20;

/** What an app server records of itself as it starts. */
export interface ServingServer {
  pid: number;
  /** Its SITE_URL. */
  siteUrl: string;
  cmsPublicUrl: string;
  cmsInternalUrl: string;
  /** DEPLOY_GATE_PORT as the server has it; null for the default. */
  gatePort: string | null;
  /** Where it reads deploy keys (DEPLOY_KEYS_FILE). */
  deployKeysFile: string;
  /** How many keys its environment gave it (DEPLOY_KEYS): they cannot be read back from here. */
  environmentKeys: number;
  startedAt: string;
}

async function readServers(buildsDir: string): Promise<ServingServer[]> {
  try {
    const { servers } = JSON.parse(await fs.readFile(path.join(buildsDir, SITE_FILE), 'utf8')) as {
      servers?: ServingServer[];
    };
    return Array.isArray(servers) ? servers : [];
  } catch {
    return [];
  }
}

/**
 * Records this process's app server as serving `config.buildsDir`, newest first (one entry per
 * address and keys file). A folder that does not exist yet is not made for it: nothing is published
 * there to judge, and the server records itself at its next start.
 */
export async function recordServingServer(config: ServerConfig, env: Env): Promise<void> {
  const { buildsDir } = config;
  if (!(await fs.stat(buildsDir).catch(() => null))?.isDirectory()) return;
  const server: ServingServer = {
    pid: process.pid,
    siteUrl: config.siteUrl,
    cmsPublicUrl: config.cmsPublicUrl,
    cmsInternalUrl: config.cmsInternalUrl,
    gatePort: env.DEPLOY_GATE_PORT?.trim() || null,
    deployKeysFile: config.deploy.keysFile,
    environmentKeys: config.deploy.keys.length,
    startedAt: new Date().toISOString(),
  };
  const others = (await readServers(buildsDir)).filter(
    (entry) => entry.siteUrl !== server.siteUrl || entry.deployKeysFile !== server.deployKeysFile,
  );
  await writeFileAtomically(
    buildsDir,
    SITE_FILE,
    `${JSON.stringify({ servers: [server, ...others].slice(0, KEPT) }, null, 2)}\n`,
  );
}

/** `env` with the settings of the newest server still running on `buildsDir` where `env` has none (unchanged when none runs). */
export async function withRunningSiteSettings(buildsDir: string, env: Env): Promise<Env> {
  const site = (await readServers(buildsDir)).find(
    (server) => Number.isInteger(server.pid) && processAlive(server.pid),
  );
  if (!site) return env;
  const fromSite: Env = {
    CMS_PUBLIC_URL: site.cmsPublicUrl,
    CMS_INTERNAL_URL: site.cmsInternalUrl,
    SITE_URL: site.siteUrl,
    ...(site.gatePort ? { DEPLOY_GATE_PORT: site.gatePort } : {}),
  };
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  return { ...fromSite, ...given };
}

const servesOthers = (siteUrl: string) => {
  try {
    return !listensOnLoopbackOnly(new URL(siteUrl).hostname.replace(/^\[|\]$/g, ''));
  } catch {
    return false;
  }
};

/** Why others use the site of `buildsDir` (one line naming what shows it), or null when it is the developer's own. */
export async function whyOthersUseSite(buildsDir: string): Promise<string | null> {
  const servers = await readServers(buildsDir);
  const public_ = servers.find((server) => servesOthers(server.siteUrl));
  if (public_) return `an app server serves it at ${public_.siteUrl}, where visitors use it`;
  for (const server of servers) {
    const where = `${server.deployKeysFile}${server.environmentKeys ? `, DEPLOY_KEYS of the app server at ${server.siteUrl}` : ''}`;
    let keys: number;
    try {
      keys = server.environmentKeys + (await storedKeys({ buildsDir, keysFile: server.deployKeysFile })).length;
    } catch (error) {
      // A keys file this user may not read is the server's, not the developer's: taken as a site others use.
      return `its deploy keys cannot be read (${where}: ${(error as Error).message.split('\n')[0]})`;
    }
    if (keys)
      return `${keys} deploy key${keys === 1 ? ' is' : 's are'} configured for it (${where}): teams deploy there`;
  }
  return null;
}
