/**
 * Another process holding a builds folder's deploy lock, as the CLI does through a gate run:
 * `tsx hold-deploy-lock.ts <buildsDir> <ms> <releasedFile>` prints `held`, waits, writes the time
 * it lets go into <releasedFile>.
 */
import fs from 'node:fs/promises';
import { withDeployLock } from '../release/deploy-lock';

const [buildsDir, ms, releasedFile] = process.argv.slice(2);
void withDeployLock(buildsDir!, async () => {
  console.log('held');
  await new Promise((resolve) => setTimeout(resolve, Number(ms)));
  await fs.writeFile(releasedFile!, String(Date.now()));
});
