/**
 * `npm run backup -- [--to <folder>] [--keep <n>]`: one consistent backup of everything the site
 * cannot rebuild (scripts/lib/backup/site-parts.ts), while it runs, into a folder of its own
 * `steel-backup-<UTC time>/` under `--to` (BACKUP_DIR, default `.backups/`); with `--keep`
 * (BACKUP_KEEP) the newest n backups there are kept and the older removed. The secrets are
 * sealed with the passphrase in BACKUP_PASSPHRASE_FILE, or left out without one (it says so).
 * Which site: scripts/lib/backup/site-layout.ts (this machine's production arrangement, or a
 * server's settings). `npm run restore` puts a backup back.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { makeBackup, pruneBackups } from './lib/backup/backups';
import { withPlatformExported } from './lib/backup/platform-parts';
import { siteLayout } from './lib/backup/site-layout';
import { backupPassphrase, siteParts } from './lib/backup/site-parts';
import { repoRoot } from './lib/paths';

async function main() {
  const { values } = parseArgs({
    options: { to: { type: 'string' }, keep: { type: 'string' } },
  });
  const into = path.resolve(values.to ?? process.env.BACKUP_DIR ?? path.join(repoRoot, '.backups'));
  const keepText = values.keep ?? process.env.BACKUP_KEEP;
  const keep = keepText === undefined ? null : Number(keepText);
  if (keep !== null && !(Number.isInteger(keep) && keep >= 1))
    throw new Error(`--keep (BACKUP_KEEP) must be a whole number of backups, 1 or more; got "${keepText}"`);
  const started = Date.now();
  const parts = siteParts(await withPlatformExported(siteLayout()), { passphrase: await backupPassphrase() });
  const { dir } = await makeBackup(parts, into);
  console.log(`Backup made in ${((Date.now() - started) / 1000).toFixed(1)} s: ${dir}`);
  if (keep !== null) {
    const removed = await pruneBackups(into, keep);
    if (removed.length) console.log(`Removed ${removed.length} older (keeping ${keep}): ${removed.join(', ')}`);
  }
}

main().catch((error: unknown) => {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
