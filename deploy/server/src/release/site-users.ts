/**
 * Whether a builds folder is **a site that others use** or a developer's own — what decides whether
 * `npm run build` may make live a version the gate refused (scripts/lib/publish.ts;
 * docs/architecture.md, "Deploying a remote").
 *
 * Others use the site when either holds:
 * - **teams can deploy to it**: a deploy key is configured where its app servers read keys. A key
 *   is handed to a team so that it deploys over HTTP; once one exists, what goes live there goes
 *   live for that team too, and it goes through the gate like the team's own versions.
 * - **visitors reach it**: an app server serves it at an address other than this machine's own
 *   (`SITE_URL` not localhost or a loopback address).
 * Otherwise it is the developer's: `npm start`, the end-to-end run, a bench — served on loopback,
 * with no key, so nobody else sees it or deploys to it.
 *
 * A script acting on the folder is not started with its servers' settings (the production
 * arrangement keeps its keys in its state folder, not at the default path), so each app server
 * records, as it starts, where it reads keys and its address: `BUILDS_DIR/.site.json`. The check
 * reads the keys of every server recorded there (now: a key removed since counts no more). A
 * folder no server has served yet (a fresh checkout's, the end-to-end run's) is its builder's.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../live-set/builds-folder';
import { readKeyFile } from '../live-set/deploy-keys';
import { listensOnLoopbackOnly } from '../security/content-change-caller';

export const SITE_FILE = '.site.json';
/** The servers kept in the record: enough for every arrangement that serves one folder. */
const KEPT = 20;

/** What an app server records of itself as it starts. */
export interface ServingServer {
  /** Its SITE_URL. */
  siteUrl: string;
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
 * Records an app server serving `buildsDir` (one entry per address and keys file, the newest kept).
 * A folder that does not exist yet is not made for it: nothing is published there to judge, and the
 * server records itself at its next start.
 */
export async function recordServingServer(buildsDir: string, server: Omit<ServingServer, 'startedAt'>): Promise<void> {
  if (!(await fs.stat(buildsDir).catch(() => null))?.isDirectory()) return;
  const others = (await readServers(buildsDir)).filter(
    (entry) => entry.siteUrl !== server.siteUrl || entry.deployKeysFile !== server.deployKeysFile,
  );
  const servers = [{ ...server, startedAt: new Date().toISOString() }, ...others].slice(0, KEPT);
  await writeFileAtomically(buildsDir, SITE_FILE, `${JSON.stringify({ servers }, null, 2)}\n`);
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
      keys = server.environmentKeys + (await readKeyFile(server.deployKeysFile)).length;
    } catch (error) {
      // A keys file this user may not read is the server's, not the developer's: taken as a site others use.
      return `its deploy keys cannot be read (${where}: ${(error as Error).message.split('\n')[0]})`;
    }
    if (keys)
      return `${keys} deploy key${keys === 1 ? ' is' : 's are'} configured for it (${where}): teams deploy there`;
  }
  return null;
}
