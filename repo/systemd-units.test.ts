/**
 * @jest-environment node
 *
 * The systemd units for a real machine (deploy/systemd) are units systemd accepts: each is checked
 * by `systemd-analyze verify` (Debian's systemd 252: a key it does not know, a value it cannot
 * parse or an ExecStart binary that is not there is an error), the template as an instance, with
 * the install folder /opt/steel read as this checkout; and each service restarts on failure,
 * is hardened and, when it runs Node, runs in production with the secrets file.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');
const UNITS_DIR = path.join(ROOT, 'deploy/systemd');
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
/** Where README.md installs the checkout. */
const INSTALL_DIR = '/opt/steel';

const unitFiles = fs.readdirSync(UNITS_DIR).filter((file) => /\.(service|target)$/.test(file));
const services = unitFiles.filter((file) => file.endsWith('.service'));
const text = (file: string) => fs.readFileSync(path.join(UNITS_DIR, file), 'utf8');

describe('deploy/systemd units', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-systemd-'));
    for (const file of unitFiles) {
      // An instance of the template, as `systemctl start steel-app@8081` makes one.
      const name = file.endsWith('@.service') ? file.replace('@.service', '@8081.service') : file;
      fs.writeFileSync(path.join(dir, name), text(file).replaceAll(INSTALL_DIR, ROOT));
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('are the redis, CMS, app-server and nginx services and the target that starts them', () => {
    expect(unitFiles.sort()).toEqual([
      'steel-app@.service',
      'steel-cms.service',
      'steel-nginx.service',
      'steel-redis.service',
      'steel.target',
    ]);
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

  it('start scripts that are in the repository', () => {
    for (const file of services) {
      const start = /^ExecStart=(.*)$/m.exec(text(file))?.[1] ?? '';
      for (const arg of start.split(/\s+/).filter((word) => word.startsWith(`${INSTALL_DIR}/`))) {
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
    if (/ExecStart=\/usr\/bin\/node /.test(unit)) {
      expect(unit).toMatch(/\nEnvironment=NODE_ENV=production /);
      expect(unit).toContain('\nEnvironmentFile=/etc/steel/secrets.env\n');
      expect(unit).toContain('\nUser=steel\n');
    }
  });
});
