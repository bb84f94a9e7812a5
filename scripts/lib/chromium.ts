import { ensureDebianPrograms } from './debian-packages';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Browser tests use Debian's Chromium (no browser downloads on this network). */
export function ensureChromium(): void {
  ensureDebianPrograms([{ path: CHROMIUM_PATH, pkg: 'chromium' }]);
}
