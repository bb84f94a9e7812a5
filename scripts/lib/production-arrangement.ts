/**
 * The production arrangement on one machine, every piece from Debian's packages: nginx in front
 * of N app servers (`appServers`, 2 by default) run from compiled JavaScript (a production-only
 * install, no tsx) that share nothing but the network — each has a cache folder of its own — one
 * Redis they share, the platform's state in PostgreSQL 15 (the `platform` database, beside the
 * CMS's in the same cluster), the versions' files in an object store (Debian's OpenStack Swift
 * with its S3 middleware, deploy/object-store/), and the CMS on that PostgreSQL with its rate
 * limits in the same Redis. Used by `npm run start:production` and by the topology test, which
 * stops and starts pieces.
 *
 * Ports follow PORT (nginx): Redis on PORT+3, Prometheus on PORT+4, the deploy gate's smoke server
 * on DEPLOY_GATE_PORT (PORT+5, or one of the three after it when taken: the CMS allows them), the
 * object store on PORT+10 to PORT+14 (its S3 endpoint on PORT+10), and app server n on PORT+20+n
 * (PORT+21, PORT+22, …, for any N); the CMS on CMS_PORT and PostgreSQL on CMS_PORT+100. State
 * (PostgreSQL data, the object store's objects, each app server's cache folder `app-N/builds`,
 * nginx logs, the app servers' JSON logs, Prometheus's configuration and data, the server release,
 * the secrets, the supervisor's log) lives in `stateDir`.
 *
 * Moving in: `buildsDir` (a builds folder, as `npm start` keeps it) is imported into PostgreSQL and
 * the object store with the `platform import` code (deploy/server/src/release/move-platform.ts) on
 * a start whose platform database holds no live set yet — the first, or the first after a restore
 * into a fresh state folder. Later starts leave it alone: an import makes the live set the
 * folder's, and the live set is PostgreSQL's from then on. nginx proxies `/builds/` to the app
 * servers, which fetch a version they lack from the store and check its digests.
 *
 * Observability: each app server writes JSON lines (pino, with the request id nginx made) to
 * `stateDir/app-N.log`; Prometheus scrapes every app server's `/metrics` over loopback (nginx refuses
 * that path) and nginx's counters through Debian's nginx exporter (stub_status on a socket, the
 * exporter on a free loopback port), with the recording and alerting rules of deploy/observability/.
 * The CMS (Strapi) exposes no metrics of its own.
 *
 * Secrets: every CMS and app-server secret is made at random on the first start into
 * `stateDir/secrets.env` (mode 600) and kept (secrets-file.ts); the CMS runs with
 * NODE_ENV=production and refuses the repository's development ones.
 * Supervision: nginx, the app servers, Redis, the object store's processes and the CMS are restarted when they die, with a
 * back-off (processes.ts, superviseProcess); each death and restart is one line on the console
 * and in `stateDir/processes.log`. PostgreSQL is pg_ctl's. On a real machine systemd does both
 * (deploy/systemd).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@steel/server/free-port';
import { importFolder, openSharedStores } from '@steel/server/move-platform';
import { arrangementPaths, sharedStoreSettings } from './arrangement-paths';
import { ensureDebianPrograms, PROMETHEUS, PROMETHEUS_NGINX_EXPORTER } from './debian-packages';
import { FAILED_JOIN_LINE_START, JOINED_LINE_START, processLogFile } from './joining-servers';
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
    options: { user: string; runDir: string; port: number; appServerPorts: number[] },
  ) => void;
};
const { objectStore, OBJECT_STORE_PROGRAMS } = require(path.join(repoRoot, 'deploy/object-store/object-store.cjs')) as {
  objectStore: (options: { dir: string; port: number; accessKeyId: string; secretKey: string }) => {
    endpoint: string;
    region: string;
    healthUrl: string;
    prepare(): void;
    processes: Array<{ name: string; command: string; args: string[] }>;
  };
  OBJECT_STORE_PROGRAMS: Array<{ path: string; pkg: string }>;
};
const { writePrometheusConfig } = require(path.join(repoRoot, 'deploy/observability/prometheus-config.cjs')) as {
  writePrometheusConfig: (file: string, options: { appServerPorts: number[]; nginxExporterPort: number }) => void;
};
/* eslint-enable @typescript-eslint/no-require-imports */

export interface ArrangementOptions {
  port: number;
  cmsPort: number;
  /** The builds folder moved into PostgreSQL and the object store on a first start. */
  buildsDir: string;
  stateDir: string;
  /** How many app servers (2 when not given). */
  appServers?: number;
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
  /** `stateDir/app-N/builds`: each app server's own cache of the object store, in the same order. */
  appServerCaches: string[];
  /**
   * `PLATFORM_STATE_URL` and `BUILD_STORE_*`: what the deploy CLI needs to act on the platform
   * as the app servers see it (`keys add`, `platform export`); also in `stateDir/platform.env`.
   */
  platformEnv: Record<string, string>;
  redisUrl: string;
  /** Prometheus (its HTTP API and UI), scraping every app server. */
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
  /** The process id of `app-N`, `redis`, `cms`, `nginx`, `prometheus` or `object-store-proxy` now (null while it is down). */
  pidOf(name: string): number | null;
  stopAppServer(index: number): Promise<void>;
  startAppServer(index: number): Promise<void>;
  stopCms(): Promise<void>;
  startCms(): Promise<void>;
  /** Stops every process of the object store, as an outage would (the supervisor leaves them down). */
  stopObjectStore(): Promise<void>;
  /** Starts them again and waits until the store answers. */
  startObjectStore(): Promise<void>;
  /** Stops PostgreSQL (fast shutdown: every connection dropped), as an outage would. */
  stopPostgres(): Promise<void>;
  /** Starts it again on its kept data. */
  startPostgres(): Promise<void>;
  /**
   * One more app server, `app-<N+1>` on the next port with an empty cache folder of its own: once
   * it answers, nginx and Prometheus are given it (their configuration rewritten and reloaded;
   * requests in flight finish) and it serves the live set, fetching from the object store what it lacks. No
   * deploy, no restart of anything. Adds are made one at a time. Resolves to its address.
   */
  addAppServer(): Promise<string>;
  stop(): Promise<void>;
}

const DEFAULT_APP_SERVERS = 2;
/** Swift's `account:user` for the app servers (its key is a secret of the secrets file). */
const OBJECT_STORE_USER = 'steel:platform';
const BUCKET = 'steel-builds';
const PLATFORM_DATABASE = 'platform';

/**
 * The user nginx's workers run as. Started as root, nginx hands its workers to Debian's `www-data`,
 * which must read the builds folder and write its temp folders in the state dir; in a checkout
 * under a private directory (a mktemp dir, a home of mode 700) it can do neither (403 on every
 * hashed file, 500 on a deploy's upload), so the workers then run as the user who started the
 * arrangement, as the app servers do. Not root: nginx runs everything as that user anyway.
 */
/** Render threads for each of `servers` app servers sharing this machine's cores (at least one). */
export function renderThreadsPerServer(servers: number, cores = os.availableParallelism()): number {
  return Math.max(1, Math.floor(cores / servers));
}

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
    ...OBJECT_STORE_PROGRAMS,
  ]);
  const { port, cmsPort, buildsDir, stateDir } = options;
  const appServers = options.appServers ?? DEFAULT_APP_SERVERS;
  if (!Number.isInteger(appServers) || appServers < 1)
    throw new Error(`The arrangement runs 1 app server or more, not ${appServers}`);
  fs.mkdirSync(stateDir, { recursive: true });
  const siteUrl = `http://localhost:${port}`;
  const cmsUrl = `http://127.0.0.1:${cmsPort}`;
  // Grown by addAppServer: every list below is read again wherever it is used.
  const serverPorts = Array.from({ length: appServers }, (_, index) => appServerPort(port, index));
  const redisPort = port + 3;
  const redisUrl = `redis://127.0.0.1:${redisPort}/0`;
  const prometheusPort = port + 4;
  const gatePort = String(process.env.DEPLOY_GATE_PORT ?? port + 5);
  const appServerLogs = serverPorts.map((_, index) => path.join(stateDir, `app-${index + 1}.log`));
  const appServerCaches = serverPorts.map((_, index) => path.join(stateDir, `app-${index + 1}`, 'builds'));
  const appServerUrls = serverPorts.map((serverPort) => `http://127.0.0.1:${serverPort}`);
  const paths = arrangementPaths(stateDir, cmsPort);
  const { secretsFile } = paths;
  const secrets = loadOrCreateSecrets(secretsFile);
  // The CMS reaches every app server through nginx with this secret; nobody else can flush pages.
  const { CONTENT_CHANGE_SECRET: contentChangeSecret, SITE_READ_SECRET: siteReadSecret } = secrets as Record<
    'CONTENT_CHANGE_SECRET' | 'SITE_READ_SECRET',
    string
  >;
  // The object store's key is the app servers' alone: the CMS gets every other secret.
  const { BUILD_STORE_SECRET_ACCESS_KEY: objectStoreKey, ...cmsSecrets } = secrets as Record<string, string> & {
    BUILD_STORE_SECRET_ACCESS_KEY: string;
  };
  const processLog = processLogFile(stateDir);
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
      ...[...store.processes].reverse().map((proc) => proc.name),
    ])
      await stopOne(name);
    await postgres?.stop();
  };

  // The object store: its configuration, rings and objects kept in the state folder.
  const store = objectStore({
    dir: path.join(stateDir, 'object-store'),
    port: port + 10,
    accessKeyId: OBJECT_STORE_USER,
    secretKey: objectStoreKey,
  });
  const startObjectStore = () => {
    for (const proc of store.processes)
      startSupervised(proc.name, () => startProcess(proc.name, proc.command, proc.args, { stdio: 'ignore' }));
  };
  const platformEnv: Record<string, string> = {
    PLATFORM_STATE_URL: `postgres://postgres@127.0.0.1:${paths.postgresPort}/${PLATFORM_DATABASE}`,
    BUILD_STORE_BUCKET: BUCKET,
    BUILD_STORE_ENDPOINT: store.endpoint,
    BUILD_STORE_REGION: store.region,
    BUILD_STORE_ACCESS_KEY_ID: OBJECT_STORE_USER,
    BUILD_STORE_SECRET_ACCESS_KEY: objectStoreKey,
  };

  let postgres: {
    stop(): Promise<void>;
    databaseEnv(name: string): NodeJS.ProcessEnv;
    createDatabase(name: string): Promise<boolean>;
  } | null = null;
  // PostgreSQL: a kept cluster in the state folder (initdb on the first start only).
  const startPostgres = async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { startCluster } = require(path.join(repoRoot, 'deploy/cms/scripts/lib/postgres-cluster.js')) as {
      startCluster: (options: object) => Promise<NonNullable<typeof postgres>>;
    };
    postgres = await startCluster({ dataDir: paths.postgresDataDir, port: paths.postgresPort });
    return postgres;
  };
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

    const database = await startPostgres();
    await database.createDatabase(paths.databaseName);
    await database.createDatabase(PLATFORM_DATABASE);

    store.prepare();
    startObjectStore();
    writePlatformEnv(paths.platformEnvFile, platformEnv);
    await moveInOnFirstStart(buildsDir, paths.deployKeysFile, platformEnv);
    const cmsEnv: NodeJS.ProcessEnv = {
      ...process.env,
      ...database.databaseEnv(paths.databaseName),
      EMAIL_CAPTURE_FILE: paths.mailsFile,
      ...options.cmsEnv,
      // Production: it refuses the repository's development secrets; these are the arrangement's own.
      NODE_ENV: 'production',
      ...cmsSecrets,
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
    const serverEnv = (serverPort: number, cacheDir: string): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      // JSON lines into app-N.log, a request's with the id nginx gave it (its access log has it too).
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // N app servers on one machine share its cores: each renders with its share of them (at
      // least one thread), not the default sized for a machine of its own. Three servers with two
      // threads each on two cores spent a deploy's switch starting threads instead of answering.
      SSR_THREADS: String(renderThreadsPerServer(serverPorts.length)),
      ...options.serverEnv,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      // Its own cache of the object store; the platform's state and keys are in PostgreSQL.
      BUILDS_DIR: cacheDir,
      DEPLOY_KEYS_FILE: paths.deployKeysFile,
      ...platformEnv,
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
      fs.mkdirSync(appServerCaches[index]!, { recursive: true });
      const server = startSupervised(name, () => {
        // Appended to across restarts, as a journal would be: the child keeps its own descriptor.
        const logFile = fs.openSync(appServerLogs[index]!, 'a');
        try {
          return startProcess(name, process.execPath, [release.mainFile], {
            cwd: path.dirname(path.dirname(release.mainFile)),
            env: serverEnv(serverPort, appServerCaches[index]!),
            stdio: ['ignore', logFile, logFile],
          });
        } finally {
          fs.closeSync(logFile);
        }
      });
      await waitForUrl(`http://127.0.0.1:${serverPort}/api/health`, 60_000, () => isRunning(server));
    };
    await Promise.all(serverPorts.map((_, index) => startAppServer(index)));
    console.log(`[app servers] JSON log lines in ${appServerLogs.join(', ')}`);

    const nginxDir = path.join(stateDir, 'nginx');
    fs.mkdirSync(nginxDir, { recursive: true });
    const nginxUser = nginxWorkerUser([nginxDir]);
    const writeNginx = () =>
      writeNginxConfig(path.join(nginxDir, 'nginx.conf'), {
        user: nginxUser,
        runDir: nginxDir,
        port,
        appServerPorts: serverPorts,
      });
    writeNginx();
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

    /** SIGHUP: nginx starts workers on the new configuration and lets the old ones finish; Prometheus rereads its. */
    const reload = (name: 'nginx' | 'prometheus') => {
      const pid = supervised.get(name)?.current()?.child.pid;
      // Down for a restart: it starts on the new configuration anyway.
      if (pid) process.kill(pid, 'SIGHUP');
    };
    let adding: Promise<unknown> = Promise.resolve();
    const addAppServer = (): Promise<string> => {
      const added = adding.then(async () => {
        const index = serverPorts.length;
        const serverPort = appServerPort(port, index);
        const url = `http://127.0.0.1:${serverPort}`;
        // A port someone else answers on would pass the health wait with their server.
        if (await somethingListensOn(serverPort))
          throw new Error(`app-${index + 1} cannot start: port ${serverPort} is taken`);
        serverPorts.push(serverPort);
        appServerLogs.push(path.join(stateDir, `app-${index + 1}.log`));
        appServerCaches.push(path.join(stateDir, `app-${index + 1}`, 'builds'));
        appServerUrls.push(url);
        try {
          await startAppServer(index);
        } catch (error) {
          await stopOne(`app-${index + 1}`);
          for (const list of [serverPorts, appServerLogs, appServerCaches, appServerUrls]) list.pop();
          throw error;
        }
        writeNginx();
        reload('nginx');
        writePrometheusConfigFor(stateDir, serverPorts, exporterPort);
        reload('prometheus');
        log(`${JOINED_LINE_START}app-${index + 1} joined at ${url}: nginx and Prometheus reloaded`);
        return url;
      });
      adding = added.catch((error: unknown) =>
        log(`${FAILED_JOIN_LINE_START}${error instanceof Error ? error.message : String(error)}`),
      );
      return added;
    };

    return {
      siteUrl,
      cmsUrl,
      appServerUrls,
      appServerLogs,
      appServerCaches,
      platformEnv,
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
      stopObjectStore: async () => {
        for (const proc of [...store.processes].reverse()) await stopOne(proc.name);
      },
      startObjectStore: async () => {
        startObjectStore();
        await waitForUrl(store.healthUrl, 60_000);
      },
      stopPostgres: async () => {
        await postgres?.stop();
        postgres = null;
      },
      startPostgres: async () => {
        await startPostgres();
      },
      addAppServer,
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
  const configFile = writePrometheusConfigFor(stateDir, serverPorts, nginxExporterPort);
  return [
    `--config.file=${configFile}`,
    `--storage.tsdb.path=${path.join(dir, 'data')}`,
    '--storage.tsdb.retention.time=7d',
    `--web.listen-address=127.0.0.1:${listenPort}`,
    '--log.level=warn',
  ];
}

/** Prometheus's configuration for these app servers, in `stateDir/prometheus/`: its path. */
function writePrometheusConfigFor(stateDir: string, serverPorts: number[], nginxExporterPort: number): string {
  const dir = path.join(stateDir, 'prometheus');
  fs.mkdirSync(dir, { recursive: true });
  const configFile = path.join(dir, 'prometheus.yml');
  writePrometheusConfig(configFile, { appServerPorts: serverPorts, nginxExporterPort });
  return configFile;
}

/** App server `index` (from 0) listens on PORT+21, PORT+22, … */
function appServerPort(sitePort: number, index: number): number {
  return sitePort + 21 + index;
}

/** Whether anything accepts a connection on 127.0.0.1:`port`. */
function somethingListensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** `PLATFORM_STATE_URL` and `BUILD_STORE_*` as `NAME=value` lines (mode 600: the store's key is in it), for the CLI. */
function writePlatformEnv(file: string, env: Record<string, string>) {
  const lines = [
    '# The platform database and object store of the production arrangement (scripts/lib/production-arrangement.ts),',
    '# for the deploy CLI: `set -a; . <this file>; set +a`. Written on every start.',
    ...Object.entries(env).map(([name, value]) => `${name}=${value}`),
  ];
  fs.writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

/**
 * The builds folder into PostgreSQL and the object store (release/move-platform.ts, what
 * `deploy platform import` runs) when the platform database holds no live set yet. The store
 * answers some seconds after its processes start: tried again until it does.
 */
async function moveInOnFirstStart(buildsDir: string, keysFile: string, env: Record<string, string>) {
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      const shared = await openSharedStores(sharedStoreSettings(env));
      try {
        if ((await shared.state.live.read()) !== null) {
          console.log('[platform] the live set is in PostgreSQL already: the builds folder is not imported again');
          return;
        }
        if (!fs.existsSync(path.join(buildsDir, 'live.json'))) {
          console.log(`[platform] nothing to move in: ${buildsDir} has no live set`);
          return;
        }
        console.log(`[platform] moving ${buildsDir} into PostgreSQL and the object store`);
        await importFolder(buildsDir, shared, { keysFile, log: (line) => console.log(`[platform] ${line}`) });
        return;
      } finally {
        await shared.close();
      }
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
