import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from './support/test';
import { EDITOR_TOKEN, SPEC_PORTS, appServerEnv, cmsURL } from './support/environment';
import { copyRunBuilds } from './support/crafted-versions';
import { publish } from '@steel/server/publish';
import type { AppName } from '@steel/server/builds-folder';
import { checkVersion, type GateResult } from '@steel/server/gate';

/**
 * The deploy gate signs in where a page needs it and runs the flows across apps (sign in, sign
 * out followed by another tab, a remote's toast, a link to another app) on the live site with the
 * candidate in place: today's versions pass; a shell that no longer announces `session:changed`
 * — same contract version, every page still mounts — is refused with a line naming the flow. The
 * gate's throwaway customer exists while it runs and is gone after, whatever the verdict.
 */
test.describe.configure({ mode: 'serial', timeout: 300_000 });

let workDir: string;
let buildsDir: string;
const gateEnv = {
  ...process.env,
  ...appServerEnv(SPEC_PORTS.gateFlows, ''),
  DEPLOY_GATE_PORT: String(SPEC_PORTS.gateFlows),
};

const liveVersion = (app: AppName) =>
  (JSON.parse(fs.readFileSync(path.join(buildsDir, 'live.json'), 'utf8')) as Record<string, string>)[app]!;

/** A copy of the live version of `app`, changed by `craft`, published as a new version. */
async function craftVersion(app: AppName, craft: (dir: string) => void): Promise<string> {
  const dist = fs.mkdtempSync(path.join(workDir, `${app}-`));
  fs.cpSync(path.join(buildsDir, app, liveVersion(app)), dist, { recursive: true });
  for (const file of fs.readdirSync(dist, { recursive: true }) as string[])
    if (/\.(br|gz)$/.test(file)) fs.rmSync(path.join(dist, file));
  craft(dist);
  return (await publish(buildsDir, app, dist, { compress: false })).version;
}

/** Replaces every match of `pattern` in the browser scripts of `dir`; at least one must change. */
function replaceInScripts(dir: string, pattern: RegExp, replacement: string): number {
  let replaced = 0;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(dir, file), 'utf8');
    fs.writeFileSync(
      path.join(dir, file),
      code.replace(pattern, () => (replaced++, replacement)),
    );
  }
  if (replaced === 0) throw new Error(`nothing in ${dir} matched ${pattern}`);
  return replaced;
}

/** The gate's customers on the CMS now (the gate names them `deploy-gate-<its port>-…`), as staff would list them. */
async function gateCustomers(): Promise<string[]> {
  const prefix = `deploy-gate-${SPEC_PORTS.gateFlows}-`;
  const response = await fetch(`${cmsURL}/api/users?filters[username][$startsWith]=${prefix}&fields[0]=username`, {
    headers: { authorization: `Bearer ${EDITOR_TOKEN}` },
  });
  expect(response.status, 'the CMS lists accounts to an editor').toBe(200);
  return ((await response.json()) as Array<{ username: string }>).map((user) => user.username);
}

/** How `work` ended, and every customer of the gate's that the CMS held while it ran. */
async function watchingCustomers<T>(
  work: () => Promise<T>,
): Promise<{ outcome: PromiseSettledResult<T>; seen: Set<string> }> {
  const seen = new Set<string>();
  let running = true;
  const watching = (async () => {
    while (running) {
      for (const name of await gateCustomers()) seen.add(name);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const [outcome] = await Promise.allSettled([work()]);
  running = false;
  await watching;
  return { outcome, seen };
}

/** The gate's verdict on `version`, and the customers seen while it ran. */
async function gateWatchingCustomers(app: AppName, version: string): Promise<{ gate: GateResult; seen: Set<string> }> {
  const { outcome, seen } = await watchingCustomers(() => checkVersion(buildsDir, app, version, { env: gateEnv }));
  if (outcome.status === 'rejected') throw outcome.reason;
  return { gate: outcome.value, seen };
}

test.beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-gate-flows-'));
  buildsDir = path.join(workDir, 'builds');
  copyRunBuilds(buildsDir);
});

test.afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

test('today’s apps pass the gate with the flows; the shell and the panel sign in as a throwaway customer, deleted after', async () => {
  // Four whole gates, each weighing every page kind's main thread too (the shell's: every app's):
  // 9.7 min on a machine whose cores went mostly to the kernel; the verdicts are what is tested.
  test.setTimeout(900_000);
  expect(await gateCustomers()).toEqual([]);
  const seconds: string[] = [];
  for (const app of ['shell', 'panel', 'catalogue', 'blog'] as const) {
    // A copy with one more space in its app manifest: a new version with today's code.
    const version = await craftVersion(app, (dir) => fs.appendFileSync(path.join(dir, 'app-manifest.json'), ' '));
    const { gate, seen } = await gateWatchingCustomers(app, version);
    expect(gate.refusal, `${app}: the gate passed`).toBeNull();
    seconds.push(`${app} ${(gate.ms / 1000).toFixed(1)} s`);
    // The panel's pages and the sign-in flows need a customer; the catalogue's and the blog's do not.
    if (app === 'shell' || app === 'panel')
      expect(seen.size, `${app}: one throwaway customer while the gate ran`).toBe(1);
    else expect(seen.size, `${app}: no customer`).toBe(0);
    expect(await gateCustomers(), `${app}: the customer is gone`).toEqual([]);
  }
  console.log(`deploy gate with flows: ${seconds.join(', ')}`);
});

test('refuses a shell that no longer announces session:changed, naming the flow; the customer is gone after', async () => {
  // The session store's three emits (a change, another tab's change, the restored user at start).
  const version = await craftVersion('shell', (dir) =>
    expect(replaceInScripts(dir, /[\w$]+\.emit\("session:changed",\{user:[\w$]+\}\)/g, 'void 0')).toBe(3),
  );
  const { gate, seen } = await gateWatchingCustomers('shell', version);
  // Every page still mounts, and signing in still reaches the panel (the form's own re-render reads
  // the new session); the other tab hears of a sign-out only through session:changed, and stays.
  expect(gate.refusal).toMatch(/^flow: sign out in one tab → the other tab follows: the other tab stayed on \/panel/);
  expect(gate.refusal).not.toContain('\n');
  console.log(`refused: ${gate.refusal}`);
  expect(seen.size).toBe(1);
  expect(await gateCustomers()).toEqual([]);
});

test('a gate that throws once its customer exists (its browser will not start) deletes the customer all the same', async () => {
  const version = await craftVersion('panel', (dir) => fs.appendFileSync(path.join(dir, 'app-manifest.json'), '  '));
  // A "browser" that exits after 3 s: long enough for the watch to see the customer, then the launch throws.
  const notABrowser = path.join(workDir, 'not-a-browser.sh');
  fs.writeFileSync(notABrowser, '#!/bin/sh\nsleep 3\nexit 1\n', { mode: 0o755 });
  const { outcome, seen } = await watchingCustomers(() =>
    checkVersion(buildsDir, 'panel', version, { env: { ...gateEnv, CHROMIUM_PATH: notABrowser } }),
  );
  expect(outcome.status).toBe('rejected');
  expect(seen.size).toBe(1);
  expect(await gateCustomers()).toEqual([]);
});
