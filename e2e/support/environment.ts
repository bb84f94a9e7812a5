import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '../..');
export const domainDir = process.env.DOMAIN_DIR ?? path.resolve(repoRoot, '../shared/domain');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const baseURL = `http://127.0.0.1:${E2E_PORT}`;
/** The production builds under test (scripts/e2e.ts builds them there). */
export const e2eBuildsDir = path.resolve(repoRoot, process.env.BUILDS_DIR ?? '.tmp/e2e-builds');
export const tsxBin = path.join(repoRoot, 'node_modules/.bin/tsx');

/** Debian's Chromium, headless, with nothing that reaches for the network (DEVELOPERS.md). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};
