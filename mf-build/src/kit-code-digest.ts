import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The packages whose source an app compiles as its own (create-app-config.ts, COMPILED_PACKAGES). */
const KIT_PACKAGES = ['@steel/shared', '@steel/contract'] as const;

/** What a kit's package leaves out of its tarball (its `files`): the same code packed or linked digests alike. */
const NOT_PACKED = /\.test\.tsx?$|^__snapshots__$/;

function filesUnder(folder: string): string[] {
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => !NOT_PACKED.test(entry.name))
    .flatMap((entry) => {
      const full = path.join(folder, entry.name);
      return entry.isDirectory() ? filesUnder(full) : [full];
    })
    .sort();
}

/**
 * A digest of the kit code an app compiles, as that app resolves it: the kit's and the contract's
 * package.json (their pinned dependencies) and every file of their `src` but the tests. Two builds with the same
 * digest run the same kit code, whatever version number the kit carried; the remotes share
 * `@steel/shared/remote-core` only between such builds (shared-dependencies.ts).
 */
export function kitCodeDigest(appRoot: string): string {
  const hash = crypto.createHash('sha256');
  for (const name of KIT_PACKAGES) {
    const packageJson = require.resolve(`${name}/package.json`, { paths: [appRoot] });
    const root = path.dirname(packageJson);
    for (const file of [packageJson, ...filesUnder(path.join(root, 'src'))]) {
      hash.update(`${name}/${path.relative(root, file)}\0`);
      hash.update(fs.readFileSync(file));
    }
  }
  return hash.digest('hex').slice(0, 12);
}
