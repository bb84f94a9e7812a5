/**
 * Where the production arrangement on this machine (`npm run start:production`,
 * production-arrangement.ts) keeps what it cannot rebuild, in its state folder: read by the
 * arrangement when it starts and by the backup when it copies them (scripts/lib/backup).
 */
import path from 'node:path';
import { repoRoot } from './paths';

export interface ArrangementPaths {
  /** Every secret of the CMS and the app servers (secrets-file.ts), mode 600. */
  secretsFile: string;
  /** The deploy keys' hashes (DEPLOY_KEYS_FILE of the app servers). */
  deployKeysFile: string;
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
    mailsFile: path.join(stateDir, 'mails.jsonl'),
    postgresDataDir: path.join(stateDir, 'postgres'),
    // Beside the CMS's own port, so a second arrangement on other ports has its own.
    postgresPort: cmsPort + 100,
    databaseName: 'steel_cms',
  };
}
