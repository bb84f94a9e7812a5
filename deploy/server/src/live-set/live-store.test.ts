/** @jest-environment node */
import { startCanary } from '../release/canary';
import { changeLive } from '../release/change-live';
import { activate } from '../release/live-file-writes';
import { publish } from '../release/publish';
import { type Fixture, liveFixture, makeDist } from '../testing/fixtures';
import fs from 'node:fs/promises';
import path from 'node:path';
import { LiveStore, type LiveSnapshot } from './live-store';

describe('the live set changed: one event, from the live store', () => {
  let fx: Fixture;
  beforeEach(async () => {
    fx = await liveFixture();
  });
  afterEach(async () => fx.cleanup());

  const newCatalogue = async (tag: string) =>
    (await publish(fx.buildsDir, 'catalogue', await makeDist(fx.root, 'catalogue', tag))).version;

  it('is heard once per change of live.json, whoever wrote it, and not for a reread of the same file', async () => {
    const store = new LiveStore(fx.buildsDir);
    const heard: LiveSnapshot[] = [];
    store.onChange((snapshot) => heard.push(snapshot));
    await store.current();
    expect(heard).toHaveLength(1);

    // A writer that tells nobody (the local CLI's way): the next read catches it.
    const v2 = await newCatalogue('v2');
    await activate(fx.buildsDir, 'catalogue', v2);
    await store.current();
    await store.current();
    expect(heard.map((snapshot) => snapshot.live.versions.catalogue)).toEqual([fx.versions.catalogue, v2]);

    // A notice for a file already read (another server announcing the same change) is no new event.
    store.reload();
    await store.current();
    expect(heard).toHaveLength(2);

    // A canary changes what is served: an event too.
    await startCanary(fx.buildsDir, 'catalogue', fx.versions.catalogue, 10);
    await store.current();
    expect(heard).toHaveLength(3);
    expect(heard[2]?.live.canary?.catalogue?.version).toBe(fx.versions.catalogue);
  });

  it('reaches the listeners on a notice alone, before any request reads the file', async () => {
    const store = new LiveStore(fx.buildsDir);
    await store.current();
    const heard = new Promise<LiveSnapshot>((resolve) => store.onChange(resolve));
    const v2 = await newCatalogue('v3');
    // The deploy API's way: changeLive, then the notice every server's store hears (here, this one).
    await changeLive(
      fx.buildsDir,
      'catalogue',
      { action: 'activate', version: v2 },
      { localBuild: 'a test', onLiveChanged: () => store.reload() },
    );
    expect((await heard).live.versions.catalogue).toBe(v2);
  });

  it('keeps the last good set while the live set cannot be read, and says why once, not once a request', async () => {
    const warnings: string[] = [];
    const store = new LiveStore(fx.buildsDir, (message) => warnings.push(message));
    expect((await store.current())?.live.versions.catalogue).toBe(fx.versions.catalogue);
    await fs.writeFile(path.join(fx.buildsDir, 'live.json'), '{ half written');
    for (let request = 0; request < 50; request++)
      expect((await store.current())?.live.versions.catalogue).toBe(fx.versions.catalogue);
    expect(warnings.filter((line) => line.startsWith('Ignoring an unreadable live set'))).toHaveLength(1);
  });
});
