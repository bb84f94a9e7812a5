'use strict';

// A unit's readiness for systemd (ExecStartPost=): waits until its service answers a health
// check with a 2xx, so units ordered After= it start only once it serves — the CMS after its
// first start's seeding, an app server once it listens, nginx once it accepts.
//
//   node deploy/systemd/wait-until-ready.cjs <url> [seconds, 60]
//     <url>: http://127.0.0.1:<port>/<path>, or unix:<socket>:<path> for a Unix socket
//   Exits 0 once answered; 1 after the time with one line naming what did not answer (the unit
//   then fails and is restarted).
const http = require('http');

function ask(target) {
  const unix = /^unix:([^:]+):(\/.*)$/.exec(target);
  const options = unix ? { socketPath: unix[1], path: unix[2] } : target;
  return new Promise((resolve) => {
    const request = http.get(options, (response) => {
      response.resume();
      resolve(response.statusCode >= 200 && response.statusCode < 300 ? null : `answered ${response.statusCode}`);
    });
    request.setTimeout(2000, () => request.destroy(new Error('no answer within 2 s')));
    request.on('error', (error) => resolve(error.code || error.message));
  });
}

async function main() {
  const [target, seconds = '60'] = process.argv.slice(2);
  if (!target) throw new Error('usage: node deploy/systemd/wait-until-ready.cjs <url> [seconds]');
  const deadline = Date.now() + Number(seconds) * 1000;
  for (;;) {
    const problem = await ask(target);
    if (!problem) return;
    if (Date.now() > deadline) throw new Error(`${target} not ready after ${seconds} s (last: ${problem})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

main().catch((error) => {
  console.error(`[wait-until-ready] ${error.message}`);
  process.exit(1);
});
