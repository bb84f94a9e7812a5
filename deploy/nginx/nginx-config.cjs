'use strict';

// nginx's configuration: deploy/nginx/nginx.conf.template filled in. One filler for both ways the
// site runs: the production arrangement on one machine (scripts/lib/production-arrangement.ts)
// and, as a command, steel-nginx.service before each start, from the settings file's ports
// (deploy/systemd/README.md) — so no port is written in a unit.
//
//   node deploy/nginx/nginx-config.cjs <output file>
//     SITE_PORT            where nginx listens (127.0.0.1)
//     APP_SERVER_PORT_<n>  the app servers, one setting each (APP_SERVER_PORT_1, APP_SERVER_PORT_2, …)
//     NGINX_USER           the workers' user (steel)
//   The output's folder is nginx's run folder (its logs, temp files, pid and status socket), and its
//   busy page (busy.html, copied from this folder) is written there too.
const fs = require('fs');
const path = require('path');

const TEMPLATE = path.join(__dirname, 'nginx.conf.template');
/** The app servers' busy page, byte for byte (deploy/server/src/security/load-shedding.ts). */
const BUSY_PAGE = path.join(__dirname, 'busy.html');
/** What a shed visitor is told to wait, as the app servers tell it (RETRY_AFTER_SECONDS there). */
const RETRY_AFTER_SECONDS = 5;
/**
 * Page requests in flight on this machine before nginx answers busy itself: about a second of the
 * machine's cached pages (~250 a second on two cores while a flood's clients take their share) —
 * past it each new page would only wait longer. Every app server nginx knows is on this machine
 * (127.0.0.1), so they share its cores and this budget: with three, each takes a third. A budget
 * per server let three servers hold 768 pages on two cores: pages waited 6–10 s in nginx before
 * an app server answered or shed them, and the topology test's flood saw clients give up at 10 s;
 * with the budget shared, the slowest page of that flood took 3.5–5.5 s in nginx. See "Load
 * shedding" in docs/architecture.md.
 */
const PAGES_IN_FLIGHT_PER_MACHINE = 256;

/**
 * How long nginx waits for an app server's page before it counts the server as hung and hands the
 * page to another. Under the 10 s a visitor (and the topology test's client) waits, with room for
 * the second server's answer: at 8 s, pages caught on a server stopped with SIGSTOP under 64
 * connections came at up to 9.2 s on a busy machine; at 6 s, at about 7 s. An app server answers a
 * page sooner by itself: it sheds one that waited over SHED_QUEUE_MS (3 s) for it, and a page never
 * rendered waits at most SSR_TIME_LIMIT_MS + SSR_DATA_WAIT_MS (4.3 s) for the CMS before it is the
 * 503 page. Only a page that both queued and waited for a slow CMS passes 6 s; it is handed over,
 * not lost. With the 60 s of before, every one of those 64 clients gave up at 10 s.
 */
const PAGE_READ_TIMEOUT_SECONDS = 6;

/** Each app server's share of the machine's pages in flight (nginx's `max_conns`), for `count` servers. */
function pagesInFlightPerServer(count) {
  return Math.ceil(PAGES_IN_FLIGHT_PER_MACHINE / count);
}

/** The template filled in. */
function nginxConfig({ user, runDir, port, appServerPorts }) {
  if (!appServerPorts.length) throw new Error('nginx needs at least one app server port (APP_SERVER_PORT_1)');
  const servers = (extra) =>
    appServerPorts.map((appPort) => `    server 127.0.0.1:${appPort} max_fails=1 fail_timeout=5s${extra};`).join('\n');
  return fs
    .readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{USER}}', user)
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{PORT}}', String(port))
    .replaceAll('{{RETRY_AFTER_SECONDS}}', String(RETRY_AFTER_SECONDS))
    .replaceAll('{{PAGE_READ_TIMEOUT_SECONDS}}', String(PAGE_READ_TIMEOUT_SECONDS))
    .replace('{{PAGE_APP_SERVERS}}', servers(` max_conns=${pagesInFlightPerServer(appServerPorts.length)}`))
    .replaceAll('{{APP_SERVERS}}', servers(''));
}

/** Writes the configuration to `file` and the busy page beside it (nginx's run folder). */
function writeNginxConfig(file, options) {
  fs.writeFileSync(file, nginxConfig(options));
  fs.copyFileSync(BUSY_PAGE, path.join(options.runDir, 'busy.html'));
}

/** A port setting of `env`, checked: a typo stops the start with the setting's name. */
function portSetting(env, name) {
  const value = Number(env[name]);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    throw new Error(`${name} must be a port number, got "${env[name] ?? ''}"`);
  return value;
}

/** The app servers' ports: APP_SERVER_PORT_1, APP_SERVER_PORT_2, … of `env`, in their number's order. */
function appServerPorts(env) {
  return Object.keys(env)
    .map((name) => /^APP_SERVER_PORT_(\d+)$/.exec(name))
    .filter(Boolean)
    .sort((a, b) => Number(a[1]) - Number(b[1]))
    .map((match) => portSetting(env, match[0]));
}

module.exports = {
  nginxConfig,
  writeNginxConfig,
  appServerPorts,
  portSetting,
  pagesInFlightPerServer,
  PAGES_IN_FLIGHT_PER_MACHINE,
  RETRY_AFTER_SECONDS,
};

if (require.main === module) {
  const [output] = process.argv.slice(2);
  try {
    if (!output) throw new Error('usage: node deploy/nginx/nginx-config.cjs <output file>');
    const env = process.env;
    writeNginxConfig(output, {
      user: env.NGINX_USER || 'steel',
      runDir: path.dirname(path.resolve(output)),
      port: portSetting(env, 'SITE_PORT'),
      appServerPorts: appServerPorts(env),
    });
  } catch (error) {
    console.error(`[nginx-config] ${error.message}`);
    process.exit(1);
  }
}
