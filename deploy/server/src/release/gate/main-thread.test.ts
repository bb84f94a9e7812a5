/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import { FIXTURE_PAGES, makeDist } from '../../testing/fixtures';
import { foldersPerTest } from '../../testing/builds-dir';
import { stateOfFolder } from '../../platform-state/state-of-folder';
import { publish } from '../publish';
import { MAIN_THREAD_ALLOWANCE_MS, judgeMainThread, mainThreadRule, readFigures } from './main-thread';

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

  /** The live blog (with figures from its gate) and a candidate made from its dist by `change`. */
  async function liveAndCandidate(change: (dist: string) => void) {
    const dist = await makeDist(folders.root, 'blog');
    const live = (await publish(folders.buildsDir, 'blog', dist)).version;
    await stateOfFolder(folders.buildsDir).gate.writeFigures('blog', live, liveFigures);
    const copy = path.join(folders.root, 'candidate');
    fs.cpSync(dist, copy, { recursive: true });
    change(copy);
    // Published without compressed copies, as a version copied by hand may be: not a code change.
    const candidate = (await publish(folders.buildsDir, 'blog', copy, { compress: false })).version;
    expect(candidate).not.toBe(live);
    return { live, candidate };
  }

  /** The rule with no browser at all: any page it had to trace would be left without a figure. */
  async function ruleWithoutBrowsers(versions: { live: string; candidate: string }) {
    const refusal = await mainThreadRule(
      [],
      'http://127.0.0.1:1',
      [blogPage],
      {
        buildsDir: folders.buildsDir,
        app: 'blog',
        ...versions,
      },
      [],
    );
    return { refusal, figures: await readFigures(folders.buildsDir, 'blog', versions.candidate) };
  }

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

  it('the same files with a page added to the app manifest: measured again', async () => {
    const versions = await liveAndCandidate((dist) => {
      const file = path.join(dist, 'app-manifest.json');
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as { pages: Array<{ path: string }> };
      manifest.pages.push({ ...manifest.pages[0]!, path: '/blog-archive' });
      fs.writeFileSync(file, JSON.stringify(manifest));
    });
    expect((await ruleWithoutBrowsers(versions)).figures).toEqual({});
  });
});
