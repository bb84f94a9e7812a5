/**
 * Where the production arrangement on this machine (`npm run start:production`,
 * production-arrangement.ts) keeps what it cannot rebuild, in its state folder: read by the
 * arrangement when it starts and by the backup when it copies them (scripts/lib/backup).
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

export interface ArrangementPaths {
  /** Every secret of the CMS and the app servers (secrets-file.ts), mode 600. */
  secretsFile: string;
  /** The deploy keys' hashes moved into PostgreSQL on a first start (and where a restore puts them). */
  deployKeysFile: string;
  /** `PLATFORM_STATE_URL` and `BUILD_STORE_*` of the running arrangement, for the CLI and the backup (mode 600). */
  platformEnvFile: string;
  /** The CMS's captured e-mails (EMAIL_CAPTURE_FILE): password-reset links, confirmations. */
  mailsFile: string;
  /** The CMS's PostgreSQL cluster, kept between runs. */
  postgresDataDir: string;
  postgresPort: number;
  databaseName: string;
}

/** The arrangement's state folder when none is named: `.production/` at the repository's root. */
export const DEFAULT_STATE_DIR = path.join(repoRoot, '.production');

export function arrangementPaths(stateDir: string, cmsPort: number): ArrangementPaths {
  return {
    secretsFile: path.join(stateDir, 'secrets.env'),
    deployKeysFile: path.join(stateDir, 'deploy-keys.json'),
    platformEnvFile: path.join(stateDir, 'platform.env'),
    mailsFile: path.join(stateDir, 'mails.jsonl'),
    postgresDataDir: path.join(stateDir, 'postgres'),
    // Beside the CMS's own port, so a second arrangement on other ports has its own.
    postgresPort: cmsPort + 100,
    databaseName: 'steel_cms',
  };
}

/** What `openSharedStores` (deploy/server/src/release/move-platform.ts) needs, from `PLATFORM_STATE_URL` and `BUILD_STORE_*`. */
export function sharedStoreSettings(env: Record<string, string | undefined>) {
  return {
    platformStateUrl: env.PLATFORM_STATE_URL!,
    buildStore: {
      bucket: env.BUILD_STORE_BUCKET!,
      endpoint: env.BUILD_STORE_ENDPOINT!,
      region: env.BUILD_STORE_REGION!,
      credentials: {
        accessKeyId: env.BUILD_STORE_ACCESS_KEY_ID!,
        secretAccessKey: env.BUILD_STORE_SECRET_ACCESS_KEY!,
      },
      prefix: '',
    },
  };
}

/** The `NAME=value` lines of a file such as `platform.env`, or null when there is none. */
export function readEnvFile(file: string): Record<string, string> | null {
  if (!fs.existsSync(file)) return null;
  const values: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) values[match[1]!] = match[2]!;
  }
  return values;
}
