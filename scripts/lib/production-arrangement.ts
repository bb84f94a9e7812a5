/**
 * The production arrangement on one machine, every piece from Debian's packages: nginx in front
 * of two app servers run from compiled JavaScript (a production-only install, no tsx), one Redis
 * they share, and the CMS on PostgreSQL 15 with its rate limits in the same Redis. Used by
 * `npm run start:production` and by the topology test, which stops and starts pieces.
 *
 * Ports follow PORT (nginx): the app servers listen on PORT+1 and PORT+2, Redis on PORT+3,
 * Prometheus on PORT+4, the deploy gate's smoke server on DEPLOY_GATE_PORT (PORT+5, or one of the
 * three after it when taken: the CMS allows them); the CMS on CMS_PORT and PostgreSQL on CMS_PORT+100. State (PostgreSQL
 * data, nginx logs, the app servers' JSON logs, Prometheus's configuration and data, the server
 * release, the secrets, the supervisor's log) lives in `stateDir`; the builds folder is shared by
 * the app servers and nginx.
 *
 * Observability: each app server writes JSON lines (pino, with the request id nginx made) to
 * `stateDir/app-N.log`; Prometheus scrapes both app servers' `/metrics` over loopback (nginx refuses
 * that path) and nginx's counters through Debian's nginx exporter (stub_status on a socket, the
 * exporter on a free loopback port), with the recording and alerting rules of deploy/observability/.
 * The CMS (Strapi) exposes no metrics of its own.
 *
 * Secrets: every CMS and app-server secret is made at random on the first start into
 * `stateDir/secrets.env` (mode 600) and kept (secrets-file.ts); the CMS runs with
 * NODE_ENV=production and refuses the repository's development ones.
 * Supervision: nginx, the app servers, Redis and the CMS are restarted when they die, with a
 * back-off (processes.ts, superviseProcess); each death and restart is one line on the console
 * and in `stateDir/processes.log`. PostgreSQL is pg_ctl's. On a real machine systemd does both
 * (deploy/systemd).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@steel/server/free-port';
import { arrangementPaths } from './arrangement-paths';
import { ensureDebianPrograms, PROMETHEUS, PROMETHEUS_NGINX_EXPORTER } from './debian-packages';
import { repoRoot } from './paths';
import {
  type RunningProcess,
  type SupervisedProcess,
  isRunning,
  startProcess,
  superviseProcess,
  waitForUrl,
} from './processes';
import { loadOrCreateSecrets } from './secrets-file';
import { prepareServerRelease } from './server-release';

export const NGINX_PATH = '/usr/sbin/nginx';
export const REDIS_SERVER_PATH = '/usr/bin/redis-server';

// The configurations systemd's units write too (deploy/systemd): one filler each, plain Node.
/* eslint-disable @typescript-eslint/no-require-imports */
const { writeNginxConfig } = require(path.join(repoRoot, 'deploy/nginx/nginx-config.cjs')) as {
  writeNginxConfig: (
    file: string,
    options: { user: string; runDir: string; port: number; buildsDir: string; appServerPorts: number[] },
  ) => void;
};
const { writePrometheusConfig } = require(path.join(repoRoot, 'deploy/observability/prometheus-config.cjs')) as {
  writePrometheusConfig: (file: string, options: { appServerPorts: number[]; nginxExporterPort: number }) => void;
};
/* eslint-enable @typescript-eslint/no-require-imports */

export interface ArrangementOptions {
  port: number;
  cmsPort: number;
  buildsDir: string;
  stateDir: string;
  /** Extra environment for the CMS (e.g. an editor token in tests). */
  cmsEnv?: NodeJS.ProcessEnv;
  /** Extra environment for the app servers (e.g. HEALTH_MONITOR=off in tests). */
  serverEnv?: NodeJS.ProcessEnv;
}

export interface Arrangement {
  siteUrl: string;
  cmsUrl: string;
  appServerUrls: string[];
  /** `stateDir/app-N.log`: each app server's JSON log lines, in the order of `appServerUrls`. */
  appServerLogs: string[];
  redisUrl: string;
  /** Prometheus (its HTTP API and UI), scraping both app servers. */
  prometheusUrl: string;
  /** What the CMS sends with its content-changed calls (CONTENT_CHANGE_SECRET, from the secrets file). */
  contentChangeSecret: string;
  /** What the app servers send with their CMS reads (SITE_READ_SECRET): not counted per address. */
  siteReadSecret: string;
  /** The deploy CLI of the release, run as `node <cliFile> …`. */
  cliFile: string;
  /** `stateDir/secrets.env`: every secret of the CMS and the app servers, mode 600, kept across starts. */
  secretsFile: string;
  /** `stateDir/processes.log`: one line per death and restart of a supervised process. */
  processLog: string;
  /** The process id of `app-1`, `app-2`, `redis`, `cms`, `nginx` or `prometheus` now (null while it is down). */
  pidOf(name: string): number | null;
  stopAppServer(index: number): Promise<void>;
  startAppServer(index: number): Promise<void>;
  stopCms(): Promise<void>;
  startCms(): Promise<void>;
  stop(): Promise<void>;
}

const APP_SERVERS = 2;

/**
 * The user nginx's workers run as. Started as root, nginx hands its workers to Debian's `www-data`,
 * which must read the builds folder and write its temp folders in the state dir; in a checkout
 * under a private directory (a mktemp dir, a home of mode 700) it can do neither (403 on every
 * hashed file, 500 on a deploy's upload), so the workers then run as the user who started the
 * arrangement, as the app servers do. Not root: nginx runs everything as that user anyway.
 */
function nginxWorkerUser(paths: string[]): string {
  const me = os.userInfo().username;
  if (process.getuid?.() !== 0) return me;
  const reachable = paths.every(
    (dir) => spawnSync('runuser', ['-u', 'www-data', '--', 'test', '-r', dir, '-a', '-x', dir]).status === 0,
  );
  if (reachable) return 'www-data';
  console.log(
    `[nginx] ${paths.join(' and ')} are out of www-data's reach (a private checkout): the workers run as ${me}`,
  );
  return me;
}

export async function startArrangement(options: ArrangementOptions): Promise<Arrangement> {
  ensureDebianPrograms([
    { path: NGINX_PATH, pkg: 'nginx' },
    { path: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so', pkg: 'libnginx-mod-http-brotli-static' },
    { path: '/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so', pkg: 'libnginx-mod-http-brotli-filter' },
    { path: REDIS_SERVER_PATH, pkg: 'redis-server' },
    PROMETHEUS,
    PROMETHEUS_NGINX_EXPORTER,
  ]);
  const { port, cmsPort, buildsDir, stateDir } = options;
  fs.mkdirSync(stateDir, { recursive: true });
  const siteUrl = `http://localhost:${port}`;
  const cmsUrl = `http://127.0.0.1:${cmsPort}`;
  const serverPorts = Array.from({ length: APP_SERVERS }, (_, index) => port + 1 + index);
  const redisPort = port + 3;
  const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
  const prometheusPort = port + 4;
  const gatePort = String(process.env.DEPLOY_GATE_PORT ?? port + 5);
  const appServerLogs = serverPorts.map((_, index) => path.join(stateDir, `app-${index + 1}.log`));
  const paths = arrangementPaths(stateDir, cmsPort);
  const { secretsFile } = paths;
  const secrets = loadOrCreateSecrets(secretsFile);
  // The CMS reaches every app server through nginx with this secret; nobody else can flush pages.
  const { CONTENT_CHANGE_SECRET: contentChangeSecret, SITE_READ_SECRET: siteReadSecret } = secrets as Record<
    'CONTENT_CHANGE_SECRET' | 'SITE_READ_SECRET',
    string
  >;
  const processLog = path.join(stateDir, 'processes.log');
  // There from the start, for `tail -f`, though it stays empty while nothing dies.
  fs.appendFileSync(processLog, '');
  const log = (line: string) => {
    console.log(line);
    fs.appendFileSync(processLog, `${new Date().toISOString()} ${line}\n`);
  };
  const supervised = new Map<string, SupervisedProcess>();
  /** Starts `name` under supervision (restarted whenever it dies until it is stopped). */
  const startSupervised = (name: string, launch: () => RunningProcess): RunningProcess => {
    const existing = supervised.get(name);
    if (existing) return existing.start();
    const processInfo = superviseProcess(name, launch, log);
    supervised.set(name, processInfo);
    return processInfo.start();
  };
  const stopOne = async (name: string) => {
    await supervised.get(name)?.stop();
  };
  const stop = async () => {
    // nginx first (no new requests), the CMS and its database last.
    for (const name of [
      'nginx',
      'prometheus',
      'nginx-exporter',
      ...serverPorts.map((_, index) => `app-${index + 1}`),
      'cms',
      'redis',
    ])
      await stopOne(name);
    await postgres?.stop();
  };

  let postgres: {
    stop(): Promise<void>;
    databaseEnv(name: string): NodeJS.ProcessEnv;
    createDatabase(name: string): Promise<boolean>;
  } | null = null;
  try {
    // Redis: a cache and notice bus, nothing to persist; bounded, evicting pages (keys with an expiry) first.
    startSupervised('redis', () =>
      startProcess(
        'redis',
        REDIS_SERVER_PATH,
        [
          '--port',
          String(redisPort),
          '--bind',
          '127.0.0.1',
          '--save',
          '',
          '--appendonly',
          'no',
          '--maxmemory',
          '256mb',
          '--maxmemory-policy',
          'volatile-lru',
          '--loglevel',
          'warning',
        ],
        { stdio: 'ignore' },
      ),
    );

    // PostgreSQL: a kept cluster in the state folder (initdb on the first start only).
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startCluster } = require(path.join(repoRoot, 'deploy/cms/scripts/lib/postgres-cluster.js')) as {
      startCluster: (options: object) => Promise<NonNullable<typeof postgres>>;
    };
    postgres = await startCluster({ dataDir: paths.postgresDataDir, port: paths.postgresPort });
    await postgres.createDatabase(paths.databaseName);
    const cmsEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...postgres.databaseEnv(paths.databaseName),
      EMAIL_CAPTURE_FILE: paths.mailsFile,
      ...options.cmsEnv,
      // Production: it refuses the repository's development secrets; these are the arrangement's own.
      NODE_ENV: 'production',
      ...secrets,
      PORT: String(cmsPort),
      HOST: '127.0.0.1',
      REDIS_URL: redisUrl,
      SITE_PORT: String(port),
      SITE_URL: siteUrl,
      DEPLOY_GATE_PORT: gatePort,
      CONTENT_CHANGE_URL: `http://127.0.0.1:${port}/_/content-changed`,
    };
    const startCms = async () => {
      const cms = startSupervised('cms', () =>
        startProcess('cms', process.execPath, ['scripts/start.js'], {
          cwd: path.join(repoRoot, 'deploy/cms'),
          env: cmsEnv,
        }),
      );
      // A fresh database is seeded on the first start. A start that fails fails at once (not retried).
      await waitForUrl(`${cmsUrl}/_health`, 240_000, () => isRunning(cms));
    };
    await startCms();

    const release = await prepareServerRelease(path.join(stateDir, 'server'));
    const serverEnv = (serverPort: number): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      // JSON lines into app-N.log, a request's with the id nginx gave it (its access log has it too).
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ...options.serverEnv,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      BUILDS_DIR: buildsDir,
      DEPLOY_KEYS_FILE: paths.deployKeysFile,
      REDIS_URL: redisUrl,
      // Only nginx's X-Forwarded-For is believed: rate limits count the real client.
      TRUSTED_PROXIES: '127.0.0.1',
      SITE_URL: siteUrl,
      CMS_PUBLIC_URL: `${cmsUrl}/api`,
      DEPLOY_GATE_PORT: gatePort,
      SITE_READ_SECRET: siteReadSecret,
      CONTENT_CHANGE_SECRET: contentChangeSecret,
    });
    const startAppServer = async (index: number) => {
      const serverPort = serverPorts[index]!;
      const name = `app-${index + 1}`;
      const server = startSupervised(name, () => {
        // Appended to across restarts, as a journal would be: the child keeps its own descriptor.
        const logFile = fs.openSync(appServerLogs[index]!, 'a');
        try {
          return startProcess(name, process.execPath, [release.mainFile], {
            cwd: path.dirname(path.dirname(release.mainFile)),
            env: serverEnv(serverPort),
            stdio: ['ignore', logFile, logFile],
          });
        } finally {
          fs.closeSync(logFile);
        }
      });
      await waitForUrl(`http://127.0.0.1:${serverPort}/api/health`, 60_000, () => isRunning(server));
    };
    await Promise.all(serverPorts.map((_, index) => startAppServer(index)));
    console.log(`[app servers] JSON log lines in ${appServerLogs.join(' and ')}`);

    const nginxDir = path.join(stateDir, 'nginx');
    fs.mkdirSync(nginxDir, { recursive: true });
    writeNginxConfig(path.join(nginxDir, 'nginx.conf'), {
      user: nginxWorkerUser([path.resolve(buildsDir), nginxDir]),
      runDir: nginxDir,
      port,
      buildsDir: path.resolve(buildsDir),
      appServerPorts: serverPorts,
    });
    const nginx = startSupervised('nginx', () =>
      startProcess('nginx', NGINX_PATH, [
        '-p',
        nginxDir,
        '-c',
        path.join(nginxDir, 'nginx.conf'),
        '-e',
        path.join(nginxDir, 'error.log'),
      ]),
    );
    await waitForUrl(`http://127.0.0.1:${port}/api/health`, 20_000, () => isRunning(nginx));

    const exporterPort = await freePort();
    startSupervised('nginx-exporter', () => {
      const logFile = fs.openSync(path.join(nginxDir, 'exporter.log'), 'a');
      try {
        return startProcess(
          'nginx-exporter',
          PROMETHEUS_NGINX_EXPORTER.path,
          [
            `-nginx.scrape-uri=unix:${nginxDir}/status.sock:/stub_status`,
            `-web.listen-address=127.0.0.1:${exporterPort}`,
          ],
          { stdio: ['ignore', logFile, logFile] },
        );
      } finally {
        fs.closeSync(logFile);
      }
    });
    const prometheusUrl = `http://127.0.0.1:${prometheusPort}`;
    const prometheus = startSupervised('prometheus', () =>
      startProcess(
        'prometheus',
        PROMETHEUS.path,
        prometheusArguments(stateDir, prometheusPort, serverPorts, exporterPort),
        { stdio: ['ignore', 'ignore', 'inherit'] },
      ),
    );
    await waitForUrl(`${prometheusUrl}/-/ready`, 30_000, () => isRunning(prometheus));

    return {
      siteUrl,
      cmsUrl,
      appServerUrls: serverPorts.map((serverPort) => `http://127.0.0.1:${serverPort}`),
      appServerLogs,
      redisUrl,
      prometheusUrl,
      contentChangeSecret,
      siteReadSecret,
      cliFile: release.cliFile,
      secretsFile,
      processLog,
      pidOf: (name) => supervised.get(name)?.current()?.child.pid ?? null,
      stopAppServer: (index) => stopOne(`app-${index + 1}`),
      startAppServer,
      stopCms: () => stopOne('cms'),
      startCms,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Prometheus's configuration (deploy/observability/prometheus-config.cjs), written to
 * `stateDir/prometheus/` with its data. Returns its command line.
 */
function prometheusArguments(
  stateDir: string,
  listenPort: number,
  serverPorts: number[],
  nginxExporterPort: number,
): string[] {
  const dir = path.join(stateDir, 'prometheus');
  fs.mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'prometheus.yml');
  writePrometheusConfig(configFile, { appServerPorts: serverPorts, nginxExporterPort });
  return [
    `--config.file=${configFile}`,
    `--storage.tsdb.path=${path.join(dir, 'data')}`,
    '--storage.tsdb.retention.time=7d',
    `--web.listen-address=127.0.0.1:${listenPort}`,
    '--log.level=warn',
  ];
}
