import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Browser tests use Debian's Chromium (no browser downloads on this network). Installs it when
 * missing and we are root; otherwise says exactly what to run.
 */
export function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`Chromium is missing at ${CHROMIUM_PATH}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium`);
  }
  console.log('Installing Debian chromium (apt-get)…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}
