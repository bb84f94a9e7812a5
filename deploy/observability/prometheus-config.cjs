'use strict';

// Prometheus's configuration: both app servers' /metrics and nginx's counters (through Debian's
// nginx exporter) scraped every 5 s over loopback (a canary's failures show within seconds), with
// the rules of rules.yml. One writer for both ways the site runs: the production arrangement on
// one machine (scripts/lib/production-arrangement.ts) and, as a command, steel-prometheus.service
// before each start, from the settings file's ports (deploy/systemd/README.md).
//
//   node deploy/observability/prometheus-config.cjs <output file>
//     APP_SERVER_PORT_<n>   the app servers (as nginx-config.cjs reads them)
//     NGINX_EXPORTER_PORT   the nginx exporter
const fs = require('fs');
const path = require('path');
const { appServerPorts, portSetting } = require('../nginx/nginx-config.cjs');

const RULES = path.join(__dirname, 'rules.yml');

/** The configuration as an object (JSON is YAML: no YAML writer needed). */
function prometheusConfig({ appServerPorts: ports, nginxExporterPort }) {
  return {
    global: { scrape_interval: '5s', evaluation_interval: '5s' },
    rule_files: [RULES],
    scrape_configs: [
      {
        job_name: 'steel-app-servers',
        metrics_path: '/metrics',
        static_configs: [{ targets: ports.map((port) => `127.0.0.1:${port}`) }],
      },
      { job_name: 'nginx', static_configs: [{ targets: [`127.0.0.1:${nginxExporterPort}`] }] },
    ],
  };
}

/** Writes the configuration to `file`. */
function writePrometheusConfig(file, options) {
  fs.writeFileSync(file, `${JSON.stringify(prometheusConfig(options), null, 2)}\n`);
}

module.exports = { prometheusConfig, writePrometheusConfig };

if (require.main === module) {
  const [output] = process.argv.slice(2);
  try {
    if (!output) throw new Error('usage: node deploy/observability/prometheus-config.cjs <output file>');
    fs.mkdirSync(path.dirname(path.resolve(output)), { recursive: true });
    writePrometheusConfig(output, {
      appServerPorts: appServerPorts(process.env),
      nginxExporterPort: portSetting(process.env, 'NGINX_EXPORTER_PORT'),
    });
  } catch (error) {
    console.error(`[prometheus-config] ${error.message}`);
    process.exit(1);
  }
}
