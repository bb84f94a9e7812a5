/**
 * What a backup of the site holds: everything it cannot rebuild, as a list of parts (backup-part.ts),
 * copied in this order and put back in the reverse one:
 *
 * 1. cms-database — first: the files and versions the parts after it copy are the ones it names;
 * 2. cms-uploads, 3. cms-mails;
 * 4. platform-state, 5. builds (platform-parts.ts);
 * 6. deploy-keys;
 * 7. secrets — sealed with the backup passphrase, or left out without one, and the contents list says which.
 *
 * Put back in reverse, the database comes last, onto uploads that are there, and the platform's
 * state after the versions it names. Everything else is rebuilt: the apps' code from the
 * repository, Redis (a cache), the image cache, the logs, Prometheus's figures.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BackupPart } from './backup-part';
import { filePart, measure, ownLikeFolder, replaceFile } from './backup-part';
import { cmsDatabasePart } from './cms-database-part';
import { buildsPart, platformStatePart } from './platform-parts';
import { open, seal, type SealedFile } from './sealed-file';
import type { SiteLayout } from './site-layout';

const SEALED_SECRETS = 'secrets.env.sealed.json';

/**
 * The secrets file (every secret of the CMS and the app servers): in a backup only sealed with
 * the passphrase, so a copy of the backup kept elsewhere gives nobody the keys to sign in as a
 * customer. Without a passphrase it is left out, and restoring that backup keeps the machine's
 * own secrets file (a new machine makes new ones: sign-ins and API tokens made before then end).
 */
function secretsPart(secretsFile: string, passphrase: string | null): BackupPart {
  return {
    name: 'secrets',
    holds: `the secrets file ${secretsFile}, sealed with the backup passphrase (AES-256-GCM, scrypt)`,
    async backup(dir) {
      if (!passphrase)
        return {
          included: false,
          note:
            'left out: no backup passphrase (BACKUP_PASSPHRASE_FILE). A restore keeps the secrets file of the machine ' +
            'it runs on; on a new machine new secrets are made, and sign-ins and API tokens made before end.',
        };
      const sealed = seal(await fs.readFile(secretsFile), passphrase);
      await fs.writeFile(path.join(dir, SEALED_SECRETS), `${JSON.stringify(sealed, null, 2)}\n`, { mode: 0o600 });
      return { included: true, ...(await measure(dir)) };
    },
    async verify(dir, record) {
      if (!record.included) return;
      if (!passphrase)
        throw new Error(
          'This backup holds the secrets, sealed: give its passphrase in BACKUP_PASSPHRASE_FILE (nothing was restored)',
        );
      open(JSON.parse(await fs.readFile(path.join(dir, SEALED_SECRETS), 'utf8')) as SealedFile, passphrase);
    },
    async restore(dir, record) {
      if (!record.included || !passphrase) return;
      const sealed = JSON.parse(await fs.readFile(path.join(dir, SEALED_SECRETS), 'utf8')) as SealedFile;
      const opened = path.join(dir, `.${process.pid}.opened`);
      await fs.writeFile(opened, open(sealed, passphrase), { mode: 0o600 });
      try {
        await replaceFile(opened, secretsFile, 0o600);
      } finally {
        await fs.rm(opened, { force: true });
      }
    },
  };
}

/**
 * The CMS's uploads: the files its database's media rows name. Put back by adding and
 * overwriting, never removing: a file the backup lacks may be another database's on a shared
 * checkout, and an orphan costs nothing.
 */
function uploadsPart(uploadsDir: string): BackupPart {
  return {
    name: 'cms-uploads',
    holds: `the CMS's uploaded and generated images in ${uploadsDir}`,
    async backup(dir) {
      await fs.cp(uploadsDir, dir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      return { included: true, ...(await measure(dir)) };
    },
    async restore(dir) {
      await fs.mkdir(uploadsDir, { recursive: true });
      for (const entry of await fs.readdir(dir)) {
        await fs.cp(path.join(dir, entry), path.join(uploadsDir, entry), { recursive: true, force: true });
        await ownLikeFolder(path.join(uploadsDir, entry), uploadsDir);
      }
    },
  };
}

export function siteParts(layout: SiteLayout, { passphrase }: { passphrase: string | null }): BackupPart[] {
  return [
    cmsDatabasePart(layout.database),
    uploadsPart(layout.uploadsDir),
    filePart('cms-mails', `the e-mails the CMS sent (captured in ${layout.mailsFile})`, layout.mailsFile),
    platformStatePart(layout.buildsDir),
    buildsPart(layout.buildsDir),
    filePart('deploy-keys', `the hashes of the teams' deploy keys (${layout.deployKeysFile})`, layout.deployKeysFile),
    secretsPart(layout.secretsFile, passphrase),
  ];
}

/** The backup passphrase: the first line of BACKUP_PASSPHRASE_FILE, or null when none is set. */
export async function backupPassphrase(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  if (!env.BACKUP_PASSPHRASE_FILE) return null;
  return (await fs.readFile(env.BACKUP_PASSPHRASE_FILE, 'utf8')).split('\n')[0]!.trim();
}
