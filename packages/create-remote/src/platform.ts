/**
 * What a new remote must agree with the platform on: the versions of the platform packages and of
 * the libraries the shell shares (pinned in the new repository's package.json), and the rule its
 * name must follow. Read from this repository's own package.json files and contract, once: when
 * the package is packed they are written to `platform.json` beside it (write-platform-facts.ts),
 * so the published scaffold carries the facts of the release it was published from.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PlatformFacts } from './platform-facts';

/** Written by `npm pack` / `npm publish` (prepack); absent when run from the monorepo's source. */
export const PUBLISHED_FACTS_FILE = path.join(__dirname, '../platform.json');

export function platformFacts(): PlatformFacts {
  if (fs.existsSync(PUBLISHED_FACTS_FILE)) {
    return JSON.parse(fs.readFileSync(PUBLISHED_FACTS_FILE, 'utf8')) as PlatformFacts;
  }
  // Only in the monorepo: the published package has no sources to read them from.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { monorepoPlatformFacts } = require('./monorepo-platform-facts') as typeof import('./monorepo-platform-facts');
  return monorepoPlatformFacts();
}
