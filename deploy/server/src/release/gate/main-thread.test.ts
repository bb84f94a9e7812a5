/** @jest-environment node */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppManifest } from '@steel/contract';
import { FIXTURE_PAGES, makeDist } from '../../testing/fixtures';
import { foldersPerTest } from '../../testing/builds-dir';
import { stateOfFolder } from '../../platform-state/state-of-folder';
import { publish } from '../publish';
import { MAIN_THREAD_ALLOWANCE_MS, judgeMainThread, mainThreadRule, planMainThread, readFigures } from './main-thread';

const figure = (fromCpuTime: number, cpuShare = 0.9) => ({
  fromCpuTime,
  fromWallTime: fromCpuTime / cpuShare,
  cpuShare,
});

describe("the gate weighs a page kind's main thread against the live version's", () => {
  it('passes a page that blocks as much as live, or a little more', () => {
    expect(judgeMainThread('catalogue /rebar', figure(300), figure(300))).toBeNull();
    expect(judgeMainThread('catalogue /rebar', figure(300 + MAIN_THREAD_ALLOWANCE_MS), figure(300))).toBeNull();
  });

  it('refuses one that blocks more than the allowance over live, with the figures', () => {
    expect(judgeMainThread('catalogue /rebar/kalaf/x', figure(1500), figure(300))).toEqual({
      refusal:
        'main thread: catalogue /rebar/kalaf/x blocks the main thread 1500 ms at 4× CPU, 1200 ms more than the live version\'s 300 ms (400 ms allowed); find the long task in the browser\'s performance panel (4× CPU), or deploy with --force "<reason>"',
    });
  });

  it('says, and does not refuse, when the renderer had too little of a core to judge', () => {
    expect(judgeMainThread('blog /blog', figure(1500, 0.15), figure(300))).toEqual({
      note: 'main thread: blog /blog not judged: the machine was too busy (the renderer had 15 % of a core)',
    });
    expect(judgeMainThread('blog /blog', figure(1500), figure(300, 0.1))?.refusal).toBeUndefined();
  });
});

describe('a candidate that is the live build again keeps its figures, without a trace', () => {
  const folders = foldersPerTest();
  const blogPage = { app: 'blog', route: FIXTURE_PAGES.blog[0]!, url: '/blog', real: true };
  const liveFigures = { '/blog': figure(120) };

  /** The live blog (with figures from its gate, unless `withoutLiveFigures`) and a candidate made from its dist by `change`. */
  async function liveAndCandidate(change: (dist: string) => void, { withoutLiveFigures = false } = {}) {
    const dist = await makeDist(folders.root, 'blog');
    const live = (await publish(folders.buildsDir, 'blog', dist)).version;
    if (!withoutLiveFigures) await stateOfFolder(folders.buildsDir).gate.writeFigures('blog', live, liveFigures);
    const copy = path.join(folders.root, 'candidate');
    fs.cpSync(dist, copy, { recursive: true });
    change(copy);
    // Published without compressed copies, as a version copied by hand may be: not a code change.
    const candidate = (await publish(folders.buildsDir, 'blog', copy, { compress: false })).version;
    expect(candidate).not.toBe(live);
    return { live, candidate };
  }

  /** The rule with no browser at all: any page it had to trace would be left without a figure. */
  async function ruleWithoutBrowsers(versions: { live: string; candidate: string }, notes: string[] = []) {
    const refusal = await mainThreadRule(
      [],
      'http://127.0.0.1:1',
      [blogPage],
      {
        buildsDir: folders.buildsDir,
        app: 'blog',
        ...versions,
      },
      notes,
    );
    return { refusal, figures: await readFigures(folders.buildsDir, 'blog', versions.candidate) };
  }

  it('the same files while the live version has no figures: not traced, since nothing changed to judge, and said so', async () => {
    const versions = await liveAndCandidate((dist) => fs.appendFileSync(path.join(dist, 'app-manifest.json'), ' '), {
      withoutLiveFigures: true,
    });
    const notes: string[] = [];
    expect(await ruleWithoutBrowsers(versions, notes)).toEqual({ refusal: null, figures: {} });
    expect(notes).toEqual([
      "main thread: 1 of 1 page kinds run the live version's code, which has no figures to judge them by: not traced (/blog)",
    ]);
  });

  it('the live version checked again with no figures is traced (how its figures are made), not skipped', async () => {
    const live = (await publish(folders.buildsDir, 'blog', await makeDist(folders.root, 'blog'))).version;
    const notes: string[] = [];
    await ruleWithoutBrowsers({ live, candidate: live }, notes);
    expect(notes).toEqual([]);
  });

  it('the same files with an app manifest written differently: the live figures, no browser needed', async () => {
    const versions = await liveAndCandidate((dist) => fs.appendFileSync(path.join(dist, 'app-manifest.json'), ' '));
    expect(await ruleWithoutBrowsers(versions)).toEqual({ refusal: null, figures: liveFigures });
  });

  it('one byte of code changed: measured again (here, with no browser, no figure)', async () => {
    const versions = await liveAndCandidate((dist) =>
      fs.appendFileSync(path.join(dist, '__federation_expose_app.3f2a.js'), ' '),
    );
    expect(await ruleWithoutBrowsers(versions)).toEqual({ refusal: null, figures: {} });
  });

  it('the same files with a page added to the app manifest: the page already live keeps its figure', async () => {
    const versions = await liveAndCandidate((dist) =>
      editAppManifest(dist, (manifest) => manifest.pages.push({ ...manifest.pages[0]!, path: '/blog-archive' })),
    );
    expect((await ruleWithoutBrowsers(versions)).figures).toEqual(liveFigures);
  });

  it("the same files with the page's own route changed (rendered in the browser now): measured again", async () => {
    const versions = await liveAndCandidate((dist) =>
      editAppManifest(dist, (manifest) => (manifest.pages[0]!.rendering = 'browser')),
    );
    expect((await ruleWithoutBrowsers(versions)).figures).toEqual({});
  });
});

describe("a candidate that changed one page's chunk keeps the other pages' live figures", () => {
  const folders = foldersPerTest();
  const [listRoute, articleRoute] = [
    { ...FIXTURE_PAGES.blog[0]!, chunk: 'list' },
    { ...FIXTURE_PAGES.blog[0]!, path: '/blog/:slug', chunk: 'article' },
  ];
  const samples = [
    { app: 'blog', route: listRoute, url: '/blog', real: true },
    { app: 'blog', route: articleRoute, url: '/blog/rebar-prices', real: true },
  ];
  const liveFigures = { '/blog': figure(120), '/blog/rebar-prices': figure(340) };

  /** A blog whose two pages have a chunk each, named by its content hash as webpack names them. */
  function writePageChunks(dist: string, article: string) {
    const hash = createHash('sha256').update(article).digest('hex').slice(0, 8);
    for (const file of fs.readdirSync(dist)) if (file.startsWith('article.')) fs.rmSync(path.join(dist, file));
    fs.writeFileSync(path.join(dist, 'list.0a1b2c3d.js'), 'export const list = 1;');
    fs.writeFileSync(path.join(dist, `article.${hash}.js`), article);
    // Its source map, which only a developer's browser reads, changes with it.
    fs.writeFileSync(path.join(dist, `article.${hash}.js.map`), JSON.stringify({ sourcesContent: [article] }));
    // The entry names each chunk by its hash, and its integrity: a new hash is not new entry code.
    const digest = createHash('sha384').update(article).digest('base64');
    fs.writeFileSync(
      path.join(dist, 'remoteEntry.js'),
      `var chunks = {"list":"0a1b2c3d","article":"${hash}"}; var integrity = {"article":"sha384-${digest}"};\n`,
    );
    editAppManifest(dist, (manifest) => {
      manifest.pages = [listRoute, articleRoute];
      manifest.chunks = { list: ['list.0a1b2c3d.js'], article: [`article.${hash}.js`] };
    });
  }

  /**
   * The live blog with its figures, and a candidate made from a copy of its dist by `change`;
   * `mounted` is what the smoke mount did with the rule's plan (traced pages as it opened them).
   */
  async function ruleWithoutBrowsers(
    change: (dist: string) => void,
    mounted: (plan: Awaited<ReturnType<typeof planMainThread>>) => void = () => {},
  ) {
    const dist = await makeDist(folders.root, 'blog');
    writePageChunks(dist, 'export const article = 1;');
    const live = (await publish(folders.buildsDir, 'blog', dist)).version;
    await stateOfFolder(folders.buildsDir).gate.writeFigures('blog', live, liveFigures);
    const copy = path.join(folders.root, 'candidate');
    fs.cpSync(dist, copy, { recursive: true });
    change(copy);
    const candidate = (await publish(folders.buildsDir, 'blog', copy)).version;
    const notes: string[] = [];
    const versions = { buildsDir: folders.buildsDir, app: 'blog', live, candidate };
    const plan = await planMainThread(samples, versions);
    mounted(plan);
    const refusal = await mainThreadRule([], 'http://127.0.0.1:1', samples, versions, notes, plan);
    return { figures: await readFigures(folders.buildsDir, 'blog', candidate), notes, refusal };
  }

  it('the article chunk changed: the list keeps its figure and is said so, the article is measured again', async () => {
    const { figures, notes } = await ruleWithoutBrowsers((dist) => writePageChunks(dist, 'export const article = 2;'));
    expect(figures).toEqual({ '/blog': liveFigures['/blog'] });
    expect(notes).toEqual([
      "main thread: 1 of 2 page kinds run the live version's code, their live figures kept: /blog",
    ]);
  });

  it('code that every page runs changed as well (the exposed app): every page measured again', async () => {
    const { figures } = await ruleWithoutBrowsers((dist) => {
      writePageChunks(dist, 'export const article = 2;');
      fs.appendFileSync(path.join(dist, '__federation_expose_app.3f2a.js'), ' ');
    });
    expect(figures).toEqual({});
  });

  it("the page the smoke mount traced as it opened it keeps that figure, judged against live's: no second visit", async () => {
    const heavier = figure(340 + MAIN_THREAD_ALLOWANCE_MS + 100);
    const { figures, notes, refusal } = await ruleWithoutBrowsers(
      (dist) => writePageChunks(dist, 'export const article = 2;'),
      (plan) => {
        // The list runs live code; the article is the one page kind to trace.
        expect([...plan.toTrace].map((sample) => sample.url)).toEqual(['/blog/rebar-prices']);
        plan.tracedInMount.set(samples[1]!, heavier);
      },
    );
    expect(figures).toEqual({ '/blog': liveFigures['/blog'], '/blog/rebar-prices': heavier });
    expect(notes).toHaveLength(1);
    expect(refusal).toMatch(/^main thread: blog \/blog\/rebar-prices blocks the main thread 840 ms at 4× CPU/);
  });

  it('a trace the machine left too busy to judge, and no browser to measure it again: said, not refused', async () => {
    const { figures, notes, refusal } = await ruleWithoutBrowsers(
      (dist) => writePageChunks(dist, 'export const article = 2;'),
      (plan) => plan.tracedInMount.set(samples[1]!, figure(2000, 0.1)),
    );
    expect(figures?.['/blog/rebar-prices']?.cpuShare).toBe(0.1);
    expect(refusal).toBeNull();
    expect(notes[1]).toBe(
      'main thread: blog /blog/rebar-prices not judged: the machine was too busy (the renderer had 10 % of a core)',
    );
  });

  it('the entry changed beyond the names it gives the chunks: every page measured again', async () => {
    const { figures } = await ruleWithoutBrowsers((dist) => {
      writePageChunks(dist, 'export const article = 2;');
      fs.appendFileSync(path.join(dist, 'remoteEntry.js'), 'var retries = 3;\n');
    });
    expect(figures).toEqual({});
  });
});

/** Rewrites a dist's app manifest (its pages, its page chunks). */
function editAppManifest(dist: string, edit: (manifest: AppManifest) => void) {
  const file = path.join(dist, 'app-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as AppManifest;
  edit(manifest);
  fs.writeFileSync(file, JSON.stringify(manifest));
}
