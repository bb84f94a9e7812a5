/**
 * A new team's remote from nothing to a build (README.md, "Deploying a remote on its own"), timed
 * step by step as the team takes it: the platform packages published to a fresh registry (Verdaccio, not the team's step but
 * the platform's), `npm create @steel/remote guides`, `npm install`, `npm test`, `npm run build`.
 * npm's cache is this machine's (warm for the public packages, as a developer's usually is). Part of
 * `npm run bench`, deploy section.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildRemote, installRemote, scaffoldRemote, testRemote } from './lib/new-remote';
import { publishPlatformPackages, startVerdaccio } from './lib/verdaccio';

export async function benchScaffold(log: (line: string) => void): Promise<void> {
  console.log('\nScaffold → built (a new remote outside the repository, registry on loopback):');
  const registry = await startVerdaccio();
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-bench-remote-'));
  try {
    const publishStarted = Date.now();
    publishPlatformPackages(registry);
    const publishMs = Date.now() - publishStarted;
    const remote = path.join(parent, 'guides');
    const steps: Array<[string, number]> = [
      ['npm create (with its lock file)', await scaffoldRemote(registry, parent, 'guides', 'راهنماها')],
      ['npm install', await installRemote(remote)],
      ['npm test', await testRemote(remote)],
      ['npm run build', await buildRemote(remote)],
    ];
    log(`${'platform packages published'.padEnd(32)}  ${(publishMs / 1000).toFixed(1)} s (once per platform release)`);
    for (const [step, ms] of steps) log(`${step.padEnd(32)}  ${(ms / 1000).toFixed(1)} s`);
    const total = steps.reduce((sum, [, ms]) => sum + ms, 0);
    log(`${'scaffold → built'.padEnd(32)}  ${(total / 1000).toFixed(1)} s`);
  } finally {
    await registry.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  }
}
