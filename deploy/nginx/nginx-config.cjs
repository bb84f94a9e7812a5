'use strict';

// nginx's configuration: deploy/nginx/nginx.conf.template filled in. One filler for both ways the
// site runs: the production arrangement on one machine (scripts/lib/production-arrangement.ts)
// and, as a command, steel-nginx.service before each start, from the settings file's ports
// (deploy/systemd/README.md) — so no port is written in a unit.
//
//   node deploy/nginx/nginx-config.cjs <output file>
//     SITE_PORT            where nginx listens (127.0.0.1)
//     APP_SERVER_PORT_<n>  the app servers, one setting each (APP_SERVER_PORT_1, APP_SERVER_PORT_2, …)
//     BUILDS_DIR           the builds folder nginx serves the hashed files from
//     NGINX_USER           the workers' user (steel)
//   The output's folder is nginx's run folder (its logs, temp files, pid and status socket).
const fs = require('fs');
const path = require('path');

const TEMPLATE = path.join(__dirname, 'nginx.conf.template');

/** The template filled in. */
function nginxConfig({ user, runDir, port, buildsDir, appServerPorts }) {
  if (!appServerPorts.length) throw new Error('nginx needs at least one app server port (APP_SERVER_PORT_1)');
  return fs
    .readFileSync(TEMPLATE, 'utf8')
    .replaceAll('{{USER}}', user)
    .replaceAll('{{RUN_DIR}}', runDir)
    .replaceAll('{{PORT}}', String(port))
    .replaceAll('{{BUILDS_DIR}}', buildsDir)
    .replace(
      '{{APP_SERVERS}}',
      appServerPorts.map((appPort) => `    server 127.0.0.1:${appPort} max_fails=1 fail_timeout=5s;`).join('\n'),
    );
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

module.exports = { nginxConfig, appServerPorts, portSetting };

if (require.main === module) {
  const [output] = process.argv.slice(2);
  try {
    if (!output) throw new Error('usage: node deploy/nginx/nginx-config.cjs <output file>');
    const env = process.env;
    const config = nginxConfig({
      user: env.NGINX_USER || 'steel',
      runDir: path.dirname(path.resolve(output)),
      port: portSetting(env, 'SITE_PORT'),
      buildsDir: path.resolve(env.BUILDS_DIR || ''),
      appServerPorts: appServerPorts(env),
    });
    fs.writeFileSync(output, config);
  } catch (error) {
    console.error(`[nginx-config] ${error.message}`);
    process.exit(1);
  }
}
