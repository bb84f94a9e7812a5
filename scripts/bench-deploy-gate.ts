/**
 * The deploy gate's time per app: every rule (app manifest, files and digests, contract, shared
 * ranges, pages, smoke render, smoke mount in Chromium) run on each app's live version, as a
 * team's `deploy check` would; and publish → live through the deploy API. Part of `npm run bench`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { remote } from '@steel/server/deploy-client';
import { checkVersion } from '@steel/server/gate';
import { publish } from '@steel/server/publish';
import type { AppManifest } from '@steel/contract';
import { manyEntriesBomb, paddedBomb, zeroFileBomb } from '@steel/server/upload-bombs';
import { APPS } from './lib/paths';

export async function benchDeployGate(options: {
  buildsDir: string;
  cmsUrl: string;
  port: number;
  log: (line: string) => void;
}): Promise<void> {
  const live = JSON.parse(fs.readFileSync(path.join(options.buildsDir, 'live.json'), 'utf8')) as Record<string, string>;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    CMS_PUBLIC_URL: options.cmsUrl,
    CMS_INTERNAL_URL: options.cmsUrl,
    DEPLOY_GATE_PORT: String(options.port),
    LOG_LEVEL: 'warn',
  };
  const gate = async (label: string, app: string, version: string) => {
    const result = await checkVersion(options.buildsDir, app, version, { env });
    const kept = result.notes
      .find((note) => note.includes('live figures kept'))
      ?.split(':')[1]
      ?.trim();
    options.log(
      `${label.padEnd(10)} ${(result.ms / 1000).toFixed(1)} s  ${result.refusal ? `refused: ${result.refusal}` : 'passed'}${kept ? ` (main thread: ${kept})` : ''}`,
    );
  };
  for (const app of APPS) if (live[app]) await gate(app, app, live[app]);
  // The live figures a candidate keeps (release/gate/unchanged-pages.ts): a catalogue whose services
  // page alone changed traces that page; one whose every page runs changed code traces them all.
  const catalogue = live.catalogue;
  if (!catalogue) return;
  const manifest = JSON.parse(
    fs.readFileSync(path.join(options.buildsDir, 'catalogue', catalogue, 'app-manifest.json'), 'utf8'),
  ) as AppManifest;
  const changed = [
    ['one page', manifest.chunks?.services ?? []],
    ['every page', Object.keys(manifest.files ?? {}).filter((file) => file.startsWith('__federation_expose_app'))],
  ] as const;
  for (const [what, files] of changed) {
    const version = await publishChanged(options.buildsDir, 'catalogue', catalogue, files);
    await gate(`catalogue, ${what} changed`, 'catalogue', version);
  }
}

/** A copy of a live version with a comment appended to `files`, published as a version of its own. */
async function publishChanged(buildsDir: string, app: string, live: string, files: readonly string[]) {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), `steel-bench-${app}-`));
  try {
    fs.cpSync(path.join(buildsDir, app, live), dist, {
      recursive: true,
      filter: (source) => !/\.(br|gz)$/.test(source),
    });
    for (const file of files.filter((name) => name.endsWith('.js')))
      fs.appendFileSync(path.join(dist, file), `\n// bench ${Date.now()}\n`);
    return (await publish(buildsDir, app, dist, { compress: false })).version;
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
}

/**
 * Publish → live through the deploy API, as the blog team does it: a new blog build (the live one
 * with one more file) packed, uploaded with the blog key, gated and activated, until the running
 * server's health says it is live.
 */
export async function benchDeployThroughApi(options: {
  buildsDir: string;
  base: string;
  key: string;
  log: (line: string) => void;
}): Promise<void> {
  const live = JSON.parse(fs.readFileSync(path.join(options.buildsDir, 'live.json'), 'utf8')) as Record<string, string>;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-bench-blog-'));
  try {
    fs.cpSync(path.join(options.buildsDir, 'blog', live.blog!), dist, {
      recursive: true,
      filter: (source) => !/\.(br|gz)$/.test(source),
    });
    fs.writeFileSync(path.join(dist, 'release-note.txt'), `bench ${new Date().toISOString()}\n`);
    const target = { server: options.base, key: options.key };
    const started = performance.now();
    const published = await remote.publish(target, 'blog', dist);
    const uploaded = performance.now();
    const activated = await remote.activate(target, 'blog', published.version);
    const gated = performance.now();
    for (;;) {
      const health = (await (await fetch(`${options.base}/api/health`)).json()) as { builds: Record<string, string> };
      if (health.builds.blog === published.version) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const liveAt = performance.now();
    options.log(
      `blog ${published.version}: pack + upload + publish ${((uploaded - started) / 1000).toFixed(1)} s, gate + activate ${((gated - uploaded) / 1000).toFixed(1)} s (gate ${(activated.gateMs / 1000).toFixed(1)} s), served ${(liveAt - gated).toFixed(0)} ms later — ${((liveAt - started) / 1000).toFixed(1)} s in all`,
    );
  } finally {
    fs.rmSync(dist, { recursive: true, force: true });
  }
  await benchUploadBombs(options);
}

/** Bombs thrown at the running server's deploy API: how long each refusal takes, and its RSS meanwhile. */
export async function benchUploadBombs(options: {
  base: string;
  key: string;
  log: (line: string) => void;
}): Promise<void> {
  const MB = 1024 * 1024;
  const { pid } = (await (await fetch(`${options.base}/api/health`)).json()) as { pid: number };
  const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  const bombs: [string, () => Promise<Buffer>][] = [
    ['700 MB of zeros', () => zeroFileBomb(700 * MB)],
    ['a tiny tar + 700 MB of padding', () => paddedBomb([{ path: './index.html', body: '<p>bomb</p>' }], 700 * MB)],
    ['1,000,000 empty files', () => manyEntriesBomb(1_000_000)],
  ];
  for (const [name, make] of bombs) {
    const bomb = await make();
    const before = rssMb();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
    const started = performance.now();
    const response = await fetch(`${options.base}/_/deploy/blog/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.key}`, 'content-type': 'application/gzip' },
      body: new Uint8Array(bomb),
    });
    await response.text();
    const ms = performance.now() - started;
    clearInterval(sampler);
    options.log(
      `bomb: ${name} (${(bomb.length / 1024).toFixed(0)} KB upload) refused ${response.status} in ${ms.toFixed(0)} ms, server RSS ${before.toFixed(0)} MB → peak ${peak.toFixed(0)} MB`,
    );
  }
}
