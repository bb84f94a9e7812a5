/**
 * A real production build of one app with some of its modules swapped for this build only
 * (webpack's NormalModuleReplacementPlugin), into a folder of its own: a page list with one more
 * page, a category tree with one more sub-category, a view that pulls in a heavy dependency (most of
 * them made once per run: prepared-builds.ts).
 * Neither the app's source nor the builds other specs use change. Client and server entry, then
 * the app manifest, as `steel-build` writes them.
 */
import path from 'node:path';
import webpack from 'webpack';
import { chunkGroupsOf, createAppConfig, createServerConfig, run, writeAppManifest } from '@steel/build';
import { appFolder } from '../../scripts/lib/paths';

/**
 * Builds `app` into `dist`; each import of the app's own source whose request matches `request`
 * is served by the file `replace` returns for it (or left alone when it returns null).
 */
export async function buildAppReplacing(
  app: string,
  dist: string,
  request: RegExp,
  replace: (resource: { context: string; request: string }) => string | null,
  label: string,
): Promise<void> {
  const root = appFolder(app);
  const replacement = new webpack.NormalModuleReplacementPlugin(
    request,
    (resource: { context: string; request: string }) => {
      if (!resource.context.startsWith(path.join(root, 'src'))) return;
      const file = replace(resource);
      if (file) resource.request = file;
    },
  );
  const client = createAppConfig({ app, root, mode: 'production' });
  const server = createServerConfig({ app, root });
  const clientStats = await run(
    { ...client, output: { ...client.output, path: dist }, plugins: [...(client.plugins ?? []), replacement] },
    label,
  );
  await run(
    {
      ...server,
      output: { ...server.output, path: path.join(dist, 'server') },
      plugins: [...(server.plugins ?? []), replacement],
    },
    `${label} (server entry)`,
  );
  writeAppManifest(app, root, { dist, groups: chunkGroupsOf(clientStats) });
}
