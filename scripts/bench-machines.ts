/**
 * App servers on several machines, for `npm run bench` (printed, never asserted): three servers,
 * each with its own builds folder, one PostgreSQL and one object store between them (Debian's
 * Swift with s3api), in this process (@steel/server/several-machines). Figures:
 * - publish → live on every server: the blog's real build (a byte changed each time, so each is
 *   a new version) published and activated through server 1, until servers 2 and 3 name it in
 *   `/remotes.json` (they fetch its files first); p50 of 5;
 * - a live file's first request on a server that just joined (empty folder), and the next one.
 * The gate is left out (forced): its time is the deploy section's. Alone: `tsx scripts/bench-machines.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { packDist } from '@steel/server/deploy-client';
import { deployCall, registryVersion, startMachineServices, startSite } from '@steel/server/several-machines';
import { median } from './lib/median';
import { appFolder } from './lib/paths';

const ROUNDS = 5;
const KEY = 'steel_deploy_bench_machines_blog_key';

export async function benchMachines(log: (line: string) => void): Promise<void> {
  const dist = path.join(appFolder('blog'), 'dist');
  if (!fs.existsSync(path.join(dist, 'remoteEntry.js'))) {
    log('no blog build (mf-blog/dist): skipped');
    return;
  }
  const services = await startMachineServices();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-bench-machines-'));
  const site = await startSite(services, root, { blog: KEY }, { LOG_LEVEL: 'silent', HEALTH_MONITOR: 'off' });
  try {
    const [first, second, third] = [await site.addMachine(), await site.addMachine(), await site.addMachine()];
    const servers = [first.app, second.app, third.app];
    const times: number[] = [];
    let version = '';
    for (let round = 0; round < ROUNDS; round++) {
      // A copy of the build with one comment changed: a new version each round.
      const copy = path.join(root, `dist-${round}`);
      fs.cpSync(dist, copy, { recursive: true });
      fs.appendFileSync(path.join(copy, 'remoteEntry.js'), `\n// bench round ${round} ${Date.now()}\n`);
      const started = performance.now();
      const published = await deployCall(servers[0]!, KEY, 'POST', '/_/deploy/blog/versions', await packDist(copy));
      version = published.json<{ version: string }>().version;
      await deployCall(servers[0]!, KEY, 'POST', '/_/deploy/blog/activate', { version, force: 'bench' });
      for (const server of servers.slice(1))
        while ((await registryVersion(server, 'blog')) !== version)
          await new Promise((resolve) => setTimeout(resolve, 20));
      times.push(performance.now() - started);
    }
    log(
      `publish → live on all 3 servers (the blog's build, gate forced), p50 of ${ROUNDS}: ${median(times).toFixed(0)} ms  (${times.map((ms) => ms.toFixed(0)).join(', ')})`,
    );

    const joined = (await site.addMachine()).app;
    const file = `/builds/blog/${version}/remoteEntry.js`;
    const timed = async () => {
      const started = performance.now();
      const answer = await joined.inject(file);
      return { ms: performance.now() - started, status: answer.statusCode };
    };
    const cold = await timed();
    const warm = await timed();
    log(
      `a live file on a server that just joined (empty folder): first request ${cold.ms.toFixed(0)} ms (${cold.status}; its version fetched whole from the store first), next ${warm.ms.toFixed(1)} ms`,
    );
  } finally {
    await site.close();
    await services.stop();
  }
}

if (require.main === module) {
  benchMachines((line) => console.log(line)).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
