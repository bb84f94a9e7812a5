/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import { FILE_DIGESTS_FILE, type RemoteRegistry } from '@steel/contract';
import { buildServer } from '../app';
import { liveFixture } from '../testing/fixtures';
import { createPreloadHints } from './preload-hints';

/**
 * A remote's preload hints ask for what the shell will request, with the same digests: the registry
 * names two (the entry's and the file-digests file's), the rest come from the version's app manifest.
 */
describe('preload hints of a remote', () => {
  it('name the federation manifest and the file-digests file with the registry’s digests, the scripts with publish’s', async () => {
    const fx = await liveFixture({ SSR: 'off', SITE_URL: 'http://127.0.0.1:8080' });
    const app = buildServer(fx.config);
    try {
      const registry = (await app.inject({ url: '/remotes.json' })).json<RemoteRegistry>();
      const folder = path.join(fx.buildsDir, 'blog', fx.versions.blog);
      const listed = JSON.parse(await fs.readFile(path.join(folder, FILE_DIGESTS_FILE), 'utf8')) as Record<
        string,
        string
      >;
      const hints = await createPreloadHints({
        buildsDir: fx.buildsDir,
        siteUrl: 'http://127.0.0.1:8080',
      }).remote('blog', registry.blog!);
      const base = `/builds/blog/${fx.versions.blog}`;
      expect(hints).toEqual([
        { href: `${base}/mf-manifest.json`, as: 'fetch', integrity: registry.blog!.integrity },
        { href: `${base}/${FILE_DIGESTS_FILE}`, as: 'fetch', integrity: registry.blog!.filesIntegrity },
        { href: `${base}/remoteEntry.js`, as: 'script', integrity: listed['remoteEntry.js'] },
      ]);
    } finally {
      await app.close();
      await fx.cleanup();
    }
  });
});
