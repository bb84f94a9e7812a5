/** `prepack`: writes the platform facts the published scaffold carries (platform.ts). */
import fs from 'node:fs';
import { monorepoPlatformFacts } from './monorepo-platform-facts';
import { PUBLISHED_FACTS_FILE } from './platform';

fs.writeFileSync(PUBLISHED_FACTS_FILE, `${JSON.stringify(monorepoPlatformFacts(), null, 2)}\n`);
