import path from 'node:path';
import { defineConfig } from '@playwright/test';
import {
  APP_SERVER_PORTS,
  E2E_CMS_PORT,
  E2E_PORT,
  EDITOR_TOKEN,
  SITE_READ_SECRET,
  appServerEnv,
  baseURL,
  chromiumLaunchOptions,
  cmsURL,
  e2eBuildsDir,
  e2eCmsDir,
  repoRoot,
  tsxBin,
} from './support/environment';

/**
 * End-to-end tests in Debian's Chromium against the production builds served by the real app
 * server and a real CMS on a fresh database; Playwright starts both and stops them
 * (scripts/e2e.ts builds the apps and clears the CMS folder first).
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One more attempt for a test that failed: on a 2-core machine two browsers, the CMS and the app
  // server share the CPU, and a rare timing loss should not fail the suite. A test that passed only
  // on its retry is reported as flaky, by name, in npm test's summary — to be mended, not ignored.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL,
    headless: true,
    launchOptions: chromiumLaunchOptions,
    trace: 'off',
  },
  webServer: [
    {
      command: 'node scripts/start.js',
      cwd: path.join(repoRoot, 'deploy/cms'),
      url: `${cmsURL}/_health`,
      reuseExistingServer: false,
      // A fresh database is seeded at start (about 30 s on this machine).
      timeout: 240_000,
      env: {
        PORT: String(E2E_CMS_PORT),
        HOST: '127.0.0.1',
        // The CMS under test runs on the repository's development secrets (its editor token, the
        // e2e site-read secret): in production it would refuse them.
        NODE_ENV: 'development',
        DATABASE_FILENAME: path.join(e2eCmsDir, 'cms.db'),
        EMAIL_CAPTURE_FILE: path.join(e2eCmsDir, 'mails.jsonl'),
        // Sign-in codes by SMS go to this file (e2e/support/sms.ts reads them). Their limits per
        // number stay on (each spec uses numbers of its own); per address, every spec's browser is
        // one address here.
        SMS_OUTBOX_FILE: path.join(e2eCmsDir, 'sms.jsonl'),
        SMS_CODE_ADDRESS_MAX: '1000',
        AUTH_RATE_LIMIT: 'off',
        // Two workers' browsers and the specs' own checking reads (some of them heavy) all come from
        // one address: the public-read limits are tested in the CMS suite, not here.
        PUBLIC_READ_LIMIT: 'off',
        SITE_READ_SECRET,
        REQUEST_LOG: 'off',
        CORS_ORIGINS: APP_SERVER_PORTS.map((port) => `http://127.0.0.1:${port},http://localhost:${port}`).join(','),
        // The site's public address: every link in a mail points there.
        SITE_URL: baseURL,
        // Published changes reach the main app server's page cache; tests edit as an editor would.
        CONTENT_CHANGE_URL: `${baseURL}/_/content-changed`,
        CMS_EDITOR_TOKEN: EDITOR_TOKEN,
      },
    },
    {
      command: `${tsxBin} deploy/server/src/main.ts`,
      cwd: repoRoot,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: appServerEnv(E2E_PORT, e2eBuildsDir),
    },
  ],
});
