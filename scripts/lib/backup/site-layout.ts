/**
 * Where a site keeps what it cannot rebuild, read from the same settings its services read:
 *
 * - on a server (systemd, deploy/systemd/README.md), the settings file's DATABASE_*, BUILDS_DIR,
 *   DEPLOY_KEYS_FILE, EMAIL_CAPTURE_FILE and CMS_INTERNAL_URL, and SECRETS_FILE
 *   (/etc/steel/secrets.env), with PLATFORM_STATE_URL and BUILD_STORE_* the platform exported
 *   into PLATFORM_EXPORT_DIR (/var/lib/steel/platform-export) — recognised by DATABASE_CLIENT being set;
 * - otherwise this machine's production arrangement (`npm run start:production`): STATE_DIR
 *   (.production), BUILDS_DIR (.builds) and CMS_PORT (1339), as arrangement-paths.ts lays them out;
 *   once it has run, its platform (PostgreSQL and the object store) as its `platform.env` names it.
 */
import path from 'node:path';
import { arrangementPaths, DEFAULT_STATE_DIR, readEnvFile } from '../arrangement-paths';
import { repoRoot } from '../paths';

const CMS_DIR = path.join(repoRoot, 'deploy/cms');

/** The CMS's database: a SQLite file, or a PostgreSQL database named by DATABASE_* settings. */
export type CmsDatabase =
  | { client: 'sqlite'; file: string }
  | {
      client: 'postgres';
      /** The DATABASE_* settings, as config/database.js of the CMS reads them. */
      settings: Record<string, string>;
      /** The arrangement's own cluster, which the backup starts itself when it is down. */
      ownCluster?: { dataDir: string; port: number };
    };

export interface SiteLayout {
  database: CmsDatabase;
  /** Strapi's uploads (the local upload provider): editors' images and the seed's. */
  uploadsDir: string;
  /** The CMS's captured e-mails (EMAIL_CAPTURE_FILE). */
  mailsFile: string;
  /** The deploy platform's builds folder: its state files and the published versions. */
  buildsDir: string;
  deployKeysFile: string;
  secretsFile: string;
  /** The CMS's health check: a restore refuses while it answers. */
  cmsHealthUrl: string;
  /**
   * The platform in PostgreSQL and an object store (the arrangement's `platform.env`): a backup
   * first exports it into `exportDir` (a builds folder and a keys file, updated in place) and
   * copies that as the builds folder and the keys. Absent: the builds folder is the platform.
   */
  platform?: { env: Record<string, string>; exportDir: string };
}

const fromRepo = (file: string, base = repoRoot) => path.resolve(base, file);

/** The DATABASE_* settings of `env`, with config/database.js's defaults for the PostgreSQL ones. */
function databaseSettings(env: NodeJS.ProcessEnv): Record<string, string> {
  return {
    DATABASE_HOST: '127.0.0.1',
    DATABASE_PORT: '5432',
    DATABASE_NAME: 'steel_cms',
    DATABASE_USERNAME: 'postgres',
    DATABASE_PASSWORD: '',
    DATABASE_SCHEMA: 'public',
    ...(Object.fromEntries(
      Object.entries(env).filter(([name, value]) => name.startsWith('DATABASE_') && value !== undefined),
    ) as Record<string, string>),
  };
}

export function siteLayout(env: NodeJS.ProcessEnv = process.env): SiteLayout {
  const uploadsDir = path.join(CMS_DIR, 'public/uploads');
  if (env.DATABASE_CLIENT) {
    const settings = databaseSettings(env);
    const secretsFile = fromRepo(env.SECRETS_FILE ?? '/etc/steel/secrets.env');
    const cmsOrigin = new URL(env.CMS_INTERNAL_URL ?? 'http://127.0.0.1:1337/api').origin;
    return {
      database:
        env.DATABASE_CLIENT === 'sqlite'
          ? { client: 'sqlite', file: fromRepo(env.DATABASE_FILENAME ?? 'data/cms.db', CMS_DIR) }
          : { client: 'postgres', settings },
      uploadsDir,
      mailsFile: fromRepo(env.EMAIL_CAPTURE_FILE ?? 'data/mails.jsonl', CMS_DIR),
      buildsDir: fromRepo(env.BUILDS_DIR ?? '.builds'),
      // The app server's own default (deploy/server/src/config.ts, deployKeysFile).
      deployKeysFile: fromRepo(env.DEPLOY_KEYS_FILE ?? '.deploy-keys.json'),
      secretsFile,
      cmsHealthUrl: `${cmsOrigin}/_health`,
      ...(env.PLATFORM_STATE_URL && env.BUILD_STORE_BUCKET
        ? {
            platform: {
              // The store's key is a secret: the secrets file's unless the environment gives it.
              env: {
                ...(Object.fromEntries(
                  Object.entries(env).filter(
                    ([name, value]) => /^(PLATFORM_STATE_URL|BUILD_STORE_)/.test(name) && value,
                  ),
                ) as Record<string, string>),
                BUILD_STORE_SECRET_ACCESS_KEY:
                  env.BUILD_STORE_SECRET_ACCESS_KEY ?? readEnvFile(secretsFile)?.BUILD_STORE_SECRET_ACCESS_KEY ?? '',
              },
              exportDir: fromRepo(env.PLATFORM_EXPORT_DIR ?? '/var/lib/steel/platform-export'),
            },
          }
        : {}),
    };
  }
  const stateDir = fromRepo(env.STATE_DIR ?? DEFAULT_STATE_DIR);
  const cmsPort = Number(env.CMS_PORT ?? 1339);
  const paths = arrangementPaths(stateDir, cmsPort);
  const platformEnv = readEnvFile(paths.platformEnvFile);
  return {
    database: {
      client: 'postgres',
      // As the arrangement's cluster is set up (deploy/cms/scripts/lib/postgres-cluster.js).
      settings: databaseSettings({
        DATABASE_HOST: '127.0.0.1',
        DATABASE_PORT: String(paths.postgresPort),
        DATABASE_NAME: paths.databaseName,
        DATABASE_USERNAME: 'postgres',
      }),
      ownCluster: { dataDir: paths.postgresDataDir, port: paths.postgresPort },
    },
    uploadsDir,
    mailsFile: paths.mailsFile,
    buildsDir: fromRepo(env.BUILDS_DIR ?? '.builds'),
    deployKeysFile: paths.deployKeysFile,
    secretsFile: paths.secretsFile,
    cmsHealthUrl: `http://127.0.0.1:${cmsPort}/_health`,
    ...(platformEnv ? { platform: { env: platformEnv, exportDir: path.join(stateDir, 'platform-export') } } : {}),
  };
}
