/**
 * A new team's remote from nothing to live (docs/guide-joining-as-a-team.md, "Start a new remote"), timed step
 * by step as the team takes it: the platform packages published to a fresh registry (Verdaccio, not
 * the team's step but the platform's), `npm create @steel/remote guides`, `npm install`, `npm test`,
 * `npm run build`; then the platform team registers the app and gives the team a key, and the team
 * uploads its build and activates it through the deploy API of the bench's running site (the gate,
 * then live). The app is removed again afterwards. npm's cache is this machine's (warm for the public
 * packages, as a developer's usually is). Part of `npm run bench`, deploy section.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addKey, type KeyPlace } from '@steel/server/deploy-keys';
import { remote as deployApi } from '@steel/server/deploy-client';
import { buildRemote, installRemote, scaffoldRemote, testRemote } from './lib/new-remote';
import { publishPlatformPackages, startVerdaccio } from './lib/verdaccio';

const NAME = 'guides';

export async function benchScaffold(options: {
  /** The running site's origin, and where its deploy keys are kept (its builds folder's state). */
  base: string;
  keys: KeyPlace;
  log: (line: string) => void;
}): Promise<void> {
  const { base, keys, log } = options;
  console.log('\nScaffold → live (a new remote outside the repository, registry on loopback):');
  const registry = await startVerdaccio();
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-bench-remote-'));
  const platformKey = await addKey(keys, 'platform', 'bench-platform-team');
  try {
    const publishStarted = Date.now();
    publishPlatformPackages(registry);
    const publishMs = Date.now() - publishStarted;
    const remote = path.join(parent, NAME);
    const steps: Array<[string, number]> = [
      ['npm create (with its lock file)', await scaffoldRemote(registry, parent, NAME, 'راهنماها')],
      ['npm install', await installRemote(remote)],
      ['npm test', await testRemote(remote)],
      ['npm run build', await buildRemote(remote)],
    ];
    const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
      const started = Date.now();
      return [await work(), Date.now() - started];
    };
    const platform = { server: base, key: platformKey };
    const [team, registerMs] = await timed(async () => {
      await deployApi.apps.add(platform, { name: NAME, paths: [`/${NAME}/**`] });
      return { server: base, key: await addKey(keys, NAME, `bench-${NAME}-team`) };
    });
    steps.push(['apps add + keys add', registerMs]);
    const [{ version }, uploadMs] = await timed(() => deployApi.publish(team, NAME, path.join(remote, 'dist')));
    steps.push(['upload', uploadMs]);
    // Refused by the gate, it throws with the gate's line.
    const [, activateMs] = await timed(() => deployApi.activate(team, NAME, version));
    steps.push(['activate (the gate, then live)', activateMs]);

    log(`${'platform packages published'.padEnd(32)}  ${(publishMs / 1000).toFixed(1)} s (once per platform release)`);
    for (const [step, ms] of steps) log(`${step.padEnd(32)}  ${(ms / 1000).toFixed(1)} s`);
    const total = steps.reduce((sum, [, ms]) => sum + ms, 0);
    log(`${'scaffold → live'.padEnd(32)}  ${(total / 1000).toFixed(1)} s`);
  } finally {
    // The site as it was for the benches after this one.
    await deployApi.apps.remove({ server: base, key: platformKey }, NAME, 'bench done').catch(() => undefined);
    await registry.stop();
    fs.rmSync(parent, { recursive: true, force: true });
  }
}
