/**
 * `npm start`: builds whatever app has no live build yet, then runs the CMS (seeded at start)
 * and the app server, puts the inquiry team's app live on a builds folder new to it
 * (lib/inquiry-app.ts), and stops both on Ctrl+C. Both listen on loopback, or on `HOST`
 * (`HOST=0.0.0.0` shows the site to the network). Their output goes whole to a log file each
 * (`.tmp/logs/`, named by port, so a second copy keeps its own); the terminal shows a line per
 * notable event, none per request (lib/terminal-lines.ts).
 */
import type { SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { buildAndPublish } from './build';
import { missingBuilds } from './lib/missing-builds';
import { buildsDir, repoRoot } from './lib/paths';
import { type RunningProcess, shareServerSettings, startProcess, waitForUrl } from './lib/processes';
import { putInquiryAppLive } from './lib/inquiry-app';
import { startAddresses, urlHost } from './lib/start-addresses';
import { cmsLineForPeople, logToFileAndTerminal, serverLineForPeople } from './lib/terminal-lines';

const APP_PORT = process.env.PORT ?? '8080';
const CMS_PORT = process.env.CMS_PORT ?? '1337';
// The deploy gate's smoke server: the app server serves it there, the CMS's CORS allows it.
const DEPLOY_GATE_PORT = process.env.DEPLOY_GATE_PORT ?? '8099';
// Where both servers listen: loopback unless HOST says (lib/start-addresses.ts).
const addresses = startAddresses(process.env.HOST);
const local = urlHost(addresses.local);
const SITE_URL =
  process.env.SITE_URL ?? `http://${addresses.loopbackOnly ? 'localhost' : urlHost(addresses.public)}:${APP_PORT}`;
const CMS_PUBLIC_URL = `http://${urlHost(addresses.public)}:${CMS_PORT}/api`;
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const logsDir = path.join(repoRoot, '.tmp/logs');
const serverLog = path.join(logsDir, `server-${APP_PORT}.log`);
const cmsLog = path.join(logsDir, `cms-${CMS_PORT}.log`);
const piped: SpawnOptions = { stdio: ['ignore', 'pipe', 'pipe'] };

async function main() {
  shareServerSettings();
  // Beyond loopback the app server hears the CMS's content-changed calls only with their secret.
  if (!addresses.loopbackOnly) process.env.CONTENT_CHANGE_SECRET ??= randomBytes(24).toString('hex');
  const missing = missingBuilds(buildsDir);
  if (missing.length) {
    console.log(`No live build for: ${missing.join(', ')}. Building them (about a minute)…`);
    await buildAndPublish(missing);
  }

  const running: RunningProcess[] = [];
  const stopAll = async () => {
    await Promise.all(running.map((processInfo) => processInfo.stop()));
    process.exit(0);
  };
  process.on('SIGINT', () => void stopAll());
  process.on('SIGTERM', () => void stopAll());

  console.log(
    `Logs, whole: ${path.relative(process.cwd(), serverLog)} (JSON lines) and ${path.relative(process.cwd(), cmsLog)}`,
  );
  const cms = startProcess('cms', process.execPath, ['scripts/start.js'], {
    ...piped,
    cwd: path.join(repoRoot, 'deploy/cms'),
    // Published changes reach the app server's page cache at once.
    // The CMS allows the site's origins, derived from its port (another PORT works end to end).
    // In development always: production (start:production) has secrets of its own, and the CMS
    // refuses the repository's development ones there.
    env: {
      CONTENT_CHANGE_URL: `http://${local}:${APP_PORT}/_/content-changed`,
      SITE_PORT: APP_PORT,
      // The site's public address, the app server's own: the links in the CMS's mails point there.
      SITE_URL,
      // Strapi's own address (its admin panel's links), as browsers reach it.
      PUBLIC_URL: CMS_PUBLIC_URL.replace(/\/api$/, ''),
      ...process.env,
      DEPLOY_GATE_PORT,
      NODE_ENV: 'development',
      PORT: CMS_PORT,
      HOST: addresses.host,
    },
  });
  const server = startProcess('server', tsx, ['deploy/server/src/main.ts'], {
    ...piped,
    cwd: repoRoot,
    // NODE_ENV=production: React's production build in the render workers.
    env: {
      NODE_ENV: 'production',
      SITE_URL,
      CMS_INTERNAL_URL: `http://${local}:${CMS_PORT}/api`,
      ...process.env,
      PORT: APP_PORT,
      HOST: addresses.host,
      BUILDS_DIR: buildsDir,
      CMS_PUBLIC_URL,
      DEPLOY_GATE_PORT,
    },
  });
  logToFileAndTerminal('cms', [cms.child.stdout, cms.child.stderr], cmsLog, cmsLineForPeople);
  logToFileAndTerminal('server', [server.child.stdout, server.child.stderr], serverLog, serverLineForPeople);
  running.push(cms, server);
  for (const processInfo of running) {
    void processInfo.exited.then((code) => {
      console.error(`${processInfo.name} exited (${code}); stopping the rest.`);
      void stopAll();
    });
  }

  // A fresh database is seeded on the first start (about 30 s).
  await waitForUrl(`http://${local}:${CMS_PORT}/_health`, 180_000, () => cms.child.exitCode === null);
  await waitForUrl(`http://${local}:${APP_PORT}/api/health`, 60_000, () => server.child.exitCode === null);
  await putInquiryAppLive({ buildsDir, siteUrl: `http://${local}:${APP_PORT}` });
  console.log(`\nThe site is up: ${SITE_URL}  (CMS: ${CMS_PUBLIC_URL})  Ctrl+C stops it.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
