/**
 * @jest-environment node
 *
 * The systemd units for a real machine (deploy/systemd) are units systemd accepts: each is checked
 * by `systemd-analyze verify` (Debian's systemd 252: a key it does not know, a value it cannot
 * parse or an ExecStart binary that is not there is an error — so PostgreSQL, Redis, nginx,
 * Prometheus and its nginx exporter must be installed, as `npm test` does), the template as an
 * instance, with the install folder /opt/steel read as this checkout; each service restarts on
 * failure, is hardened, says when it is ready (Type=notify or a health wait) and takes its ports
 * from the settings file; when it runs Node it runs in production with the secrets file. The
 * commands the units run before and after their programs (the nginx and Prometheus
 * configurations, the readiness wait) do what the units expect of them.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const UNITS_DIR = path.join(ROOT, 'deploy/systemd');
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
/** Where README.md installs the checkout. */
const INSTALL_DIR = '/opt/steel';

const unitFiles = fs.readdirSync(UNITS_DIR).filter((file) => /\.(service|target|timer)$/.test(file));
const services = unitFiles.filter((file) => file.endsWith('.service'));
const text = (file: string) => fs.readFileSync(path.join(UNITS_DIR, file), 'utf8');
/** The values of `key=` lines of a unit, in order. */
const values = (unit: string, key: string) =>
  [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!);
const execLines = (unit: string) =>
  ['ExecStartPre', 'ExecStart', 'ExecStartPost', 'ExecReload'].flatMap((key) => values(unit, key));

describe('deploy/systemd units', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-systemd-'));
    for (const file of unitFiles) {
      // An instance of the template, as `systemctl start steel-app@1` makes one.
      const name = file.endsWith('@.service') ? file.replace('@.service', '@1.service') : file;
      fs.writeFileSync(path.join(dir, name), text(file).replaceAll(INSTALL_DIR, ROOT));
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are every part of the site, the nightly backup and its timer, and the target that starts them', () => {
    expect(unitFiles.sort()).toEqual([
      'steel-app@.service',
      'steel-backup.service',
      'steel-backup.timer',
      'steel-cms.service',
      'steel-nginx-exporter.service',
      'steel-nginx.service',
      'steel-object-store.service',
      'steel-postgres.service',
      'steel-prometheus.service',
      'steel-redis.service',
      'steel.target',
    ]);
    const wanted = values(text('steel.target'), 'Wants').join(' ').split(/\s+/);
    for (const unit of unitFiles.filter((file) => file !== 'steel.target' && file !== 'steel-backup.service'))
      expect(wanted).toContain(unit.replace('@.service', '@1.service'));
  });

  it('pass systemd-analyze verify without a warning', () => {
    expect(fs.existsSync(SYSTEMD_ANALYZE)).toBe(true);
    const files = fs.readdirSync(dir).map((file) => path.join(dir, file));
    const verify = spawnSync(SYSTEMD_ANALYZE, ['verify', '--man=no', ...files], {
      encoding: 'utf8',
      env: { ...process.env, SYSTEMD_LOG_COLOR: '0' },
    });
    expect({ status: verify.status, output: `${verify.stdout}${verify.stderr}`.trim() }).toEqual({
      status: 0,
      output: '',
    });
  });

  it('run programs of the checkout that are in the repository', () => {
    for (const file of services) {
      for (const line of execLines(text(file))) {
        for (const arg of line.split(/\s+/).filter((word) => word.startsWith(`${INSTALL_DIR}/`))) {
          // dist/ is what `npm run build` compiles (deploy/server/build-server.mjs).
          const source = arg
            .replace(`${INSTALL_DIR}/`, '')
            .replace('deploy/server/dist/main.js', 'deploy/server/src/main.ts');
          expect({ file, source, exists: fs.existsSync(path.join(ROOT, source)) }).toEqual({
            file,
            source,
            exists: true,
          });
        }
      }
    }
  });

  it.each(services)('%s restarts on failure and is hardened', (file) => {
    const unit = text(file);
    for (const line of [
      'Restart=on-failure',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ProtectHome=yes',
      'PrivateTmp=yes',
    ])
      expect(unit).toContain(`\n${line}\n`);
    expect(unit).toMatch(/\nRestartSec=\d/);
    if (/^ExecStart=.*\/usr\/bin\/node \/opt\/steel\/deploy\//m.test(unit)) {
      expect(unit).toMatch(/\nEnvironment=NODE_ENV=production /);
      expect(unit).toContain('\nEnvironmentFile=/etc/steel/secrets.env\n');
      expect(unit).toContain('\nUser=steel\n');
    }
  });

  it.each(services.filter((file) => file !== 'steel-backup.service'))(
    '%s says when it is ready: Type=notify, or a health wait before units after it start',
    (file) => {
      const unit = text(file);
      const [type] = values(unit, 'Type');
      if (type === 'notify') return;
      expect(type).toBe('exec');
      expect(values(unit, 'ExecStartPost').join('\n')).toMatch(
        /^\/usr\/bin\/node \/opt\/steel\/deploy\/systemd\/wait-until-ready\.cjs (http:\/\/127\.0\.0\.1:\$\{[A-Z_%i]+\}\/|unix:\/)/,
      );
    },
  );

  it.each(unitFiles)('%s names no port: each comes from the settings file', (file) => {
    const unit = text(file);
    // The ports the settings file gives (deploy/systemd/README.md, "Install"): none is written in a unit.
    expect(unit).not.toMatch(/\b(80|1337|5432|6379|8081|8082|9090|9113)\b/);
    for (const line of execLines(unit)) {
      for (const address of line.matchAll(/127\.0\.0\.1:(\S*)/g)) expect(address[1]).toMatch(/^\$\{[A-Z_%i]+\}/);
      for (const flag of line.matchAll(/(?:^|\s)(?:-p|--port) (\S+)/g)) expect(flag[1]).not.toMatch(/^\d+$/);
    }
  });

  it('back up every night, keeping the newest, with the secrets sealed by a passphrase only the backup can read', () => {
    const timer = text('steel-backup.timer');
    expect(values(timer, 'OnCalendar')).toEqual(['*-*-* 03:30:00']);
    expect(values(timer, 'Persistent')).toEqual(['yes']);
    expect(values(timer, 'Unit')).toEqual(['steel-backup.service']);
    const backup = text('steel-backup.service');
    expect(values(backup, 'Type')).toEqual(['oneshot']);
    expect(values(backup, 'ExecStart')).toEqual([
      `${INSTALL_DIR}/node_modules/.bin/tsx ${INSTALL_DIR}/scripts/backup.ts`,
    ]);
    expect(values(backup, 'Environment').join(' ')).toMatch(/\bBACKUP_KEEP=\d+\b/);
    expect(values(backup, 'LoadCredential')).toEqual([
      'secrets.env:/etc/steel/secrets.env',
      'backup-passphrase:/etc/steel/backup-passphrase',
    ]);
  });
});

/** Runs one of the units' Node commands with `env` as the settings file would give it. */
function runCommand(script: string, args: string[], env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(ROOT, script), ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, ...env },
  });
}

/** The settings file README.md's "Install" writes (`/etc/steel/steel.env`), as name → value. */
function settingsFileOfReadme(): Record<string, string> {
  const readme = fs.readFileSync(path.join(UNITS_DIR, 'README.md'), 'utf8');
  const body = /cat > \/etc\/steel\/steel\.env <<'EOF'\n([\s\S]*?)\nEOF/.exec(readme)?.[1] ?? '';
  return Object.fromEntries(body.split('\n').map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

describe('the settings file of the install steps', () => {
  it("gives the deploy gate's port, which the app servers take and the CMS allows with the three after it", () => {
    const settings = settingsFileOfReadme();
    const gatePort = Number(settings.DEPLOY_GATE_PORT);
    expect(Number.isInteger(gatePort)).toBe(true);
    // Both units that need it read the settings file whole.
    for (const unit of ['steel-app@.service', 'steel-cms.service'])
      expect(values(text(unit), 'EnvironmentFile')).toContain('/etc/steel/steel.env');
    // The CMS's CORS list from those settings, as Strapi would read it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const middlewares = require(path.join(ROOT, 'deploy/cms/config/middlewares.js')) as (strapi: {
      env: unknown;
    }) => Array<string | { name: string; config: { origin?: string[] } }>;
    const read = (name: string, fallback?: string) => settings[name] ?? fallback;
    const env = Object.assign(read, {
      int: (name: string, fallback: number) => Number(read(name, String(fallback))),
      bool: (name: string, fallback: boolean) => (name in settings ? settings[name] === 'true' : fallback),
    });
    const cors = middlewares({ env }).find((entry) => typeof entry === 'object' && entry.name === 'strapi::cors');
    const origins = typeof cors === 'object' ? cors.config.origin : [];
    for (let port = gatePort; port < gatePort + 4; port++) expect(origins).toContain(`http://127.0.0.1:${port}`);
    expect(origins).toContain(new URL(settings.SITE_URL!).origin);
  });
});

describe("the units' commands", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-unit-commands-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const ports = {
    SITE_PORT: '8443',
    APP_SERVER_PORT_2: '7002',
    APP_SERVER_PORT_1: '7001',
    NGINX_EXPORTER_PORT: '7113',
  };

  it("nginx's configuration listens on SITE_PORT and sends to every APP_SERVER_PORT_<n>, in order", () => {
    const output = path.join(dir, 'nginx.conf');
    const run = runCommand('deploy/nginx/nginx-config.cjs', [output], ports);
    expect(run.stderr).toBe('');
    const config = fs.readFileSync(output, 'utf8');
    expect(config).toContain('listen 127.0.0.1:8443 backlog=4096;');
    expect(config).toMatch(/server 127\.0\.0\.1:7001 [^\n]*\n\s+server 127\.0\.0\.1:7002 /);
    expect(config).toContain(`listen unix:${dir}/status.sock;`);
    expect(config).toContain('user steel;');
    expect(config).not.toMatch(/\{\{[A-Z_]+\}\}/);
    const missing = runCommand('deploy/nginx/nginx-config.cjs', [output], { APP_SERVER_PORT_1: '7001' });
    expect({ status: missing.status, stderr: missing.stderr.trim() }).toEqual({
      status: 1,
      stderr: '[nginx-config] SITE_PORT must be a port number, got ""',
    });
  });

  it("nginx shares one machine's pages in flight among its app servers, for one to four of them", () => {
    // A CommonJS file run by systemd as it is, loaded here as systemd's command loads it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nginx = require(path.join(ROOT, 'deploy/nginx/nginx-config.cjs')) as {
      nginxConfig: (options: { user: string; runDir: string; port: number; appServerPorts: number[] }) => string;
      PAGES_IN_FLIGHT_PER_MACHINE: number;
    };
    /** The `max_conns` of each server line of one upstream block (null where it has none). */
    const limitsOf = (config: string, upstream: string) =>
      [...new RegExp(`upstream ${upstream} \\{([^}]*)\\}`).exec(config)![1]!.matchAll(/server [^;]*;/g)].map(
        ([line]) => {
          const limit = /max_conns=(\d+)/.exec(line);
          return limit ? Number(limit[1]) : null;
        },
      );
    for (const count of [1, 2, 3, 4]) {
      const appServerPorts = Array.from({ length: count }, (_, index) => 7001 + index);
      const config = nginx.nginxConfig({ user: 'steel', runDir: dir, port: 8443, appServerPorts });
      // An equal share each: together the machine's budget, each share rounded up to a whole page.
      expect(limitsOf(config, 'app_servers')).toEqual(
        Array(count).fill(Math.ceil(nginx.PAGES_IN_FLIGHT_PER_MACHINE / count)),
      );
      // The deploy API, the live-set stream and the build files are never limited.
      expect(limitsOf(config, 'app_servers_unbounded')).toEqual(Array(count).fill(null));
    }
  });

  it("Prometheus's configuration scrapes every app server and the nginx exporter", () => {
    const output = path.join(dir, 'prometheus', 'prometheus.yml');
    expect(runCommand('deploy/observability/prometheus-config.cjs', [output], ports).stderr).toBe('');
    const config = JSON.parse(fs.readFileSync(output, 'utf8')) as {
      rule_files: string[];
      scrape_configs: Array<{ job_name: string; static_configs: Array<{ targets: string[] }> }>;
    };
    expect(config.scrape_configs.map((job) => [job.job_name, job.static_configs[0]!.targets])).toEqual([
      ['steel-app-servers', ['127.0.0.1:7001', '127.0.0.1:7002']],
      ['nginx', ['127.0.0.1:7113']],
    ]);
    expect(fs.existsSync(config.rule_files[0]!)).toBe(true);
  });

  /** wait-until-ready.cjs, asynchronously: its exit code and what it printed. */
  const waitUntilReady = (target: string, seconds: string) =>
    new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(ROOT, 'deploy/systemd/wait-until-ready.cjs'), target, seconds]);
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('exit', (status) => resolve({ status, stderr: stderr.trim() }));
    });

  it('the readiness wait ends once the service answers 2xx, over TCP or a Unix socket, and fails naming it otherwise', async () => {
    const socket = path.join(dir, 'status.sock');
    const server = http.createServer((request, response) => {
      response.statusCode = request.url === '/ready' ? 204 : 503;
      response.end();
    });
    const waiting = waitUntilReady(`unix:${socket}:/ready`, '20');
    // It keeps asking while nothing listens yet.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await new Promise<void>((resolve) => server.listen(socket, resolve));
    try {
      expect(await waiting).toEqual({ status: 0, stderr: '' });
      expect(await waitUntilReady(`unix:${socket}:/starting`, '1')).toEqual({
        status: 1,
        stderr: `[wait-until-ready] unix:${socket}:/starting not ready after 1 s (last: answered 503)`,
      });
    } finally {
      server.close();
    }
  });
});
