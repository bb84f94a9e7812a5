/**
 * The production arrangement's secrets: made at random on its first start into one file in its
 * state folder (mode 600, `NAME=value` lines, the format of systemd's EnvironmentFile) and read
 * back on every later start, so sign-ins, cookies and API tokens stay valid across restarts.
 * The file is the one source: a secret is changed by editing it, and a line deleted is made anew.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const cmsSecrets = require(path.join(repoRoot, 'deploy/cms/src/utils/production-secrets.js')) as {
  newSecrets(): Record<string, string>;
};

/** Fresh values for every secret: the CMS's own, the two it shares with the app servers, the object store's key. */
function newSecrets(): Record<string, string> {
  return {
    ...cmsSecrets.newSecrets(),
    // The CMS sends it with its content-changed calls; the app servers flush pages only for it.
    CONTENT_CHANGE_SECRET: randomBytes(24).toString('hex'),
    // The app servers send it with their CMS reads, which the CMS then does not count per address.
    SITE_READ_SECRET: randomBytes(24).toString('hex'),
    // The app servers' key to the object store (Swift's s3api user steel:platform); never the CMS's.
    BUILD_STORE_SECRET_ACCESS_KEY: randomBytes(24).toString('hex'),
  };
}

const HEADER = [
  '# Secrets of the production arrangement, made at random on its first start (scripts/lib/secrets-file.ts).',
  '# Private: readable by its owner only. Delete a line to have that secret made anew on the next start.',
];

function parse(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match) values[match[1]!] = match[2]!.trim();
  }
  return values;
}

/** Reads the secrets file, first adding whatever secret it lacks (all of them on a first start). */
export function loadOrCreateSecrets(file: string): Record<string, string> {
  const existing = fs.existsSync(file) ? parse(fs.readFileSync(file, 'utf8')) : {};
  const fresh = newSecrets();
  const missing = Object.keys(fresh).filter((name) => !existing[name]);
  if (missing.length) {
    const secrets = { ...existing, ...Object.fromEntries(missing.map((name) => [name, fresh[name]!])) };
    // Written under another name with mode 600 and renamed over: never readable by others, never half written.
    const next = `${file}.${process.pid}.tmp`;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      next,
      `${[...HEADER, ...Object.entries(secrets).map(([name, value]) => `${name}=${value}`)].join('\n')}\n`,
      { mode: 0o600 },
    );
    fs.renameSync(next, file);
    console.log(`[secrets] ${missing.join(', ')} made at random into ${file}`);
  }
  // A copy or an editor may have widened it.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  return parse(fs.readFileSync(file, 'utf8'));
}
