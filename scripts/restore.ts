/**
 * `npm run restore -- <backup folder>`: puts a backup made by `npm run backup` back onto this
 * site — a fresh arrangement, or the same one — while the site is stopped: every part of it
 * (scripts/lib/backup/site-parts.ts), the sealed secrets opened with BACKUP_PASSPHRASE_FILE.
 * Nothing is changed when the backup cannot be put back whole (a part missing, no or a wrong
 * passphrase) or while the CMS still answers. Then start the site as usual.
 */
import path from 'node:path';
import { describePart, restoreBackup } from './lib/backup/backups';
import { siteLayout } from './lib/backup/site-layout';
import { backupPassphrase, siteParts } from './lib/backup/site-parts';

async function answers(url: string): Promise<boolean> {
  return fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
}

async function main() {
  const [from] = process.argv.slice(2);
  if (!from) throw new Error('Name the backup folder: npm run restore -- .backups/steel-backup-<time>');
  const layout = siteLayout();
  if (await answers(layout.cmsHealthUrl))
    throw new Error(
      `The CMS answers at ${layout.cmsHealthUrl}: stop the site first (Ctrl+C on npm run start:production, or systemctl stop steel.target); nothing was restored`,
    );
  const started = Date.now();
  const parts = siteParts(layout, { passphrase: await backupPassphrase() });
  const contents = await restoreBackup(parts, path.resolve(from));
  console.log(`Restored the backup made ${contents.made} on ${contents.host}:`);
  for (const record of contents.parts) console.log(`  ${describePart(record)}`);
  console.log(`in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the site as usual.`);
}

main().catch((error: unknown) => {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
