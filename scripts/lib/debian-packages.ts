import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

export interface DebianProgram {
  /** Where Debian's package puts the program. */
  path: string;
  /** The package that provides it. */
  pkg: string;
}

/** Prometheus, which the production arrangement starts to scrape the app servers' `/metrics`. */
export const PROMETHEUS: DebianProgram = { path: '/usr/bin/prometheus', pkg: 'prometheus' };
/** Turns nginx's stub_status into Prometheus's format, for the same Prometheus. */
export const PROMETHEUS_NGINX_EXPORTER: DebianProgram = {
  path: '/usr/bin/prometheus-nginx-exporter',
  pkg: 'prometheus-nginx-exporter',
};

/**
 * Reads a PDF's text (poppler-utils): the tests check what a pro-forma's PDF says with it, as a
 * reader searching or copying it would (deploy/server/src/testing/pdf-text.ts).
 */
export const PDFTOTEXT: DebianProgram = { path: '/usr/bin/pdftotext', pkg: 'poppler-utils' };
/**
 * OpenStack Swift with its S3 middleware, and memcached: the object store the build-store tests
 * start (deploy/object-store/object-store.cjs names what it runs).
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const objectStore = require(path.join(repoRoot, 'deploy/object-store/object-store.cjs')) as {
  OBJECT_STORE_PROGRAMS: DebianProgram[];
};
export const OBJECT_STORE: readonly DebianProgram[] = objectStore.OBJECT_STORE_PROGRAMS;

let updated = false;

/**
 * The servers and the browser the project runs come from Debian's packages (nothing is downloaded
 * from elsewhere on this network). Installs the missing ones when we are root, as CI is; otherwise
 * says exactly what to run.
 */
export function ensureDebianPrograms(programs: readonly DebianProgram[]): void {
  const missing = programs.filter((program) => !fs.existsSync(program.path)).map((program) => program.pkg);
  if (!missing.length) return;
  const packages = [...new Set(missing)];
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing Debian packages: ${packages.join(', ')}. Install them with:\n  sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`,
    );
  }
  console.log(`Installing Debian packages (apt-get): ${packages.join(', ')}…`);
  if (!updated) execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  updated = true;
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}
