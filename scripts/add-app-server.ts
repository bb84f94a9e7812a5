/**
 * `npm run production:add-server`: one more app server for the production arrangement running
 * from STATE_DIR (.production), on the next port after the others, with an empty cache folder of
 * its own. It serves the live set as soon as it answers, with no deploy (scripts/lib/joining-servers.ts).
 */
import path from 'node:path';
import { DEFAULT_STATE_DIR } from './lib/arrangement-paths';
import { askForAppServer } from './lib/joining-servers';

askForAppServer(path.resolve(process.env.STATE_DIR ?? DEFAULT_STATE_DIR))
  .then(({ name, url }) => console.log(`${name} joined at ${url}; nginx sends it its share of the requests.`))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
