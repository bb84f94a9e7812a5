/**
 * @jest-environment node
 *
 * Backups of a site on SQLite, made and put back by the same parts `npm run backup` and
 * `npm run restore` use, on real files and a real SQLite database (better-sqlite3, the CMS's).
 * The PostgreSQL side is the production arrangement's restore drill
 * (scripts/topology/production-arrangement.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from '../paths';
import { makeBackup, pruneBackups, readBackupContents, restoreBackup } from './backups';
import type { SiteLayout } from './site-layout';
import { siteParts } from './site-parts';

interface Sqlite {
  exec(sql: string): void;
  prepare(sql: string): { all(): unknown[] };
  close(): void;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Database = require(require.resolve('better-sqlite3', { paths: [path.join(repoRoot, 'deploy/cms')] })) as new (
  file: string,
) => Sqlite;

const PASSPHRASE = 'a passphrase kept elsewhere, 32+';
const SECRET = 'JWT_SECRET=0123456789abcdef0123456789abcdef';
const quiet = () => undefined;

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-backup-test-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A site's folders under `root/<name>`; `filled` puts in what a running site has. */
function site(name: string, filled: boolean): SiteLayout {
  const dir = path.join(root, name);
  const databaseFile = path.join(dir, 'cms/cms.db');
  const layout: SiteLayout = {
    database: { client: 'sqlite', file: databaseFile },
    uploadsDir: path.join(dir, 'cms/uploads'),
    mailsFile: path.join(dir, 'cms/mails.jsonl'),
    buildsDir: path.join(dir, 'builds'),
    deployKeysFile: path.join(dir, 'deploy-keys.json'),
    secretsFile: path.join(dir, 'secrets.env'),
    cmsHealthUrl: 'http://127.0.0.1:9/_health',
  };
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  if (!filled) return layout;
  const db = new Database(databaseFile);
  db.exec("CREATE TABLE products (slug TEXT); INSERT INTO products VALUES ('rebar-1'), ('beam-2');");
  db.exec("CREATE TABLE orders (number TEXT); INSERT INTO orders VALUES ('SO-1');");
  db.close();
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  write(path.join(layout.uploadsDir, 'product-1.svg'), '<svg/>');
  write(layout.mailsFile, '{"subject":"reset"}\n');
  write(path.join(layout.buildsDir, 'live.json'), '{"shell":"aaa111"}\n');
  write(path.join(layout.buildsDir, 'release-log.jsonl'), '{"action":"activate"}\n');
  write(path.join(layout.buildsDir, 'shell/aaa111/index.html'), '<!doctype html>');
  write(path.join(layout.buildsDir, 'shell/bbb222/index.html'), '<!doctype html><p>older');
  write(path.join(layout.buildsDir, '.gate/report/shell/aaa111/report.json'), '{"passed":true}');
  // Remade or in flux: never in a backup.
  write(path.join(layout.buildsDir, '.image-cache/x.webp'), 'image');
  write(path.join(layout.buildsDir, 'shell/.ccc333-upload/index.html'), 'half');
  write(path.join(layout.buildsDir, '.jobs/mf0abc12-0123456789ab.json'), '{"state":"running","kind":"activate"}');
  write(layout.deployKeysFile, '[{"name":"blog-team"}]');
  write(layout.secretsFile, `${SECRET}\n`);
  return layout;
}

const rows = (layout: SiteLayout, table: string) => {
  const db = new Database((layout.database as { file: string }).file);
  try {
    return db.prepare(`SELECT * FROM ${table}`).all();
  } finally {
    db.close();
  }
};
const read = (file: string) => fs.readFileSync(file, 'utf8');
const everyFile = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

it('puts a backup back onto a fresh site: database, uploads, mails, platform state, versions, keys and the sealed secrets', async () => {
  const running = site('running', true);
  const { dir } = await makeBackup(siteParts(running, { passphrase: PASSPHRASE }), path.join(root, 'backups'), quiet);
  expect(path.basename(dir)).toMatch(/^steel-backup-\d{4}-\d\d-\d\dT[\d-]+Z$/);
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  // The secrets are in it sealed: no file of the backup holds them readable.
  for (const file of everyFile(dir)) expect(read(file)).not.toContain('0123456789abcdef');

  const fresh = site('fresh', false);
  await restoreBackup(siteParts(fresh, { passphrase: PASSPHRASE }), dir, quiet);
  expect(rows(fresh, 'products')).toEqual([{ slug: 'rebar-1' }, { slug: 'beam-2' }]);
  expect(rows(fresh, 'orders')).toEqual([{ number: 'SO-1' }]);
  expect(read(path.join(fresh.uploadsDir, 'product-1.svg'))).toBe('<svg/>');
  expect(read(fresh.mailsFile)).toBe(read(running.mailsFile));
  for (const file of ['live.json', 'release-log.jsonl', 'shell/aaa111/index.html', 'shell/bbb222/index.html'])
    expect(read(path.join(fresh.buildsDir, file))).toBe(read(path.join(running.buildsDir, file)));
  expect(read(path.join(fresh.buildsDir, '.gate/report/shell/aaa111/report.json'))).toBe('{"passed":true}');
  expect(fs.existsSync(path.join(fresh.buildsDir, '.image-cache'))).toBe(false);
  expect(fs.existsSync(path.join(fresh.buildsDir, 'shell/.ccc333-upload'))).toBe(false);
  expect(fs.existsSync(path.join(fresh.buildsDir, '.jobs'))).toBe(false);
  expect(read(fresh.deployKeysFile)).toBe(read(running.deployKeysFile));
  expect(read(fresh.secretsFile)).toBe(`${SECRET}\n`);
  expect(fs.statSync(fresh.secretsFile).mode & 0o777).toBe(0o600);
});

it('without a passphrase leaves the secrets out and says so; a restore then keeps the machine’s own', async () => {
  const running = site('running', true);
  const { dir, contents } = await makeBackup(siteParts(running, { passphrase: null }), path.join(root, 'b'), quiet);
  const secrets = contents.parts.find((part) => part.name === 'secrets');
  expect(secrets).toMatchObject({ included: false, note: expect.stringMatching(/^left out: no backup passphrase/) });
  expect((await readBackupContents(dir)).parts.map((part) => [part.name, part.included])).toEqual([
    ['cms-database', true],
    ['cms-uploads', true],
    ['cms-mails', true],
    ['platform-state', true],
    ['builds', true],
    ['deploy-keys', true],
    ['secrets', false],
  ]);
  const fresh = site('fresh', false);
  fs.writeFileSync(fresh.secretsFile, 'JWT_SECRET=the-new-machines-own\n');
  const lines: string[] = [];
  await restoreBackup(siteParts(fresh, { passphrase: null }), dir, (line) => lines.push(line));
  expect(read(fresh.secretsFile)).toBe('JWT_SECRET=the-new-machines-own\n');
  expect(lines).toContainEqual(expect.stringMatching(/^\[restore\] secrets: not in the backup, left as it is/));
  expect(rows(fresh, 'orders')).toEqual([{ number: 'SO-1' }]);
});

it('a backup that cannot be put back whole changes nothing: no passphrase, a wrong one, a damaged database', async () => {
  const running = site('running', true);
  const { dir } = await makeBackup(siteParts(running, { passphrase: PASSPHRASE }), path.join(root, 'b'), quiet);
  const target = site('target', false);
  fs.writeFileSync(target.deployKeysFile, '[]');
  await expect(restoreBackup(siteParts(target, { passphrase: null }), dir, quiet)).rejects.toThrow(
    /holds the secrets, sealed: give its passphrase in BACKUP_PASSPHRASE_FILE \(nothing was restored\)/,
  );
  await expect(
    restoreBackup(siteParts(target, { passphrase: 'another passphrase, also long' }), dir, quiet),
  ).rejects.toThrow(/do not open with this passphrase/);
  // A database copy damaged since: found before anything is put back.
  const copy = path.join(dir, 'cms-database', 'cms.db');
  const bytes = fs.readFileSync(copy);
  bytes.fill(0x5a, 0, 100);
  fs.writeFileSync(copy, bytes);
  await expect(restoreBackup(siteParts(target, { passphrase: PASSPHRASE }), dir, quiet)).rejects.toThrow(
    /not a database|damaged/,
  );
  expect(read(target.deployKeysFile)).toBe('[]');
  expect(fs.existsSync(target.database.client === 'sqlite' ? target.database.file : '')).toBe(false);
  expect(fs.existsSync(target.buildsDir)).toBe(false);
});

it("put back onto the site it came from, leaves none of that site's deploy jobs to resume, replay or show", async () => {
  const running = site('running', true);
  const { dir } = await makeBackup(siteParts(running, { passphrase: PASSPHRASE }), path.join(root, 'b'), quiet);
  expect(everyFile(dir).filter((file) => file.includes('.jobs'))).toEqual([]);
  // A job begun after the backup, its server stopped for the restore.
  const later = path.join(running.buildsDir, '.jobs/mf0abd99-ba9876543210.json');
  fs.writeFileSync(later, '{"state":"queued","kind":"publish"}');
  await restoreBackup(siteParts(running, { passphrase: PASSPHRASE }), dir, quiet);
  expect(fs.existsSync(path.join(running.buildsDir, '.jobs'))).toBe(false);
  expect(read(path.join(running.buildsDir, 'live.json'))).toBe('{"shell":"aaa111"}\n');
});

it('keeps the newest backups it is told to and removes the older', async () => {
  const running = site('running', true);
  const into = path.join(root, 'nightly');
  const made: string[] = [];
  for (let night = 0; night < 3; night++)
    made.push(path.basename((await makeBackup(siteParts(running, { passphrase: null }), into, quiet)).dir));
  expect(await pruneBackups(into, 2)).toEqual([made[0]]);
  expect(fs.readdirSync(into).sort()).toEqual(made.slice(1));
});
