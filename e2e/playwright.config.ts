import { defineConfig } from '@playwright/test';
import { E2E_PORT, baseURL, chromiumLaunchOptions, e2eBuildsDir, repoRoot, tsxBin } from './support/environment';

/**
 * End-to-end tests in Debian's Chromium against the production builds served by the real app
 * server, which Playwright starts and stops (scripts/e2e.ts builds the apps first).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
  webServer: {
    command: `${tsxBin} deploy/server/src/main.ts`,
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(E2E_PORT), HOST: '127.0.0.1', BUILDS_DIR: e2eBuildsDir, LOG_LEVEL: 'warn' },
  },
});
