/** @jest-environment node */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { makeDist, publishAndActivate, tempDir } from '../testing/fixtures';
import { settled } from '../testing/deploy-jobs';
import { distEntries, snapshotTree, tarGz, type TarEntry } from '../testing/tarballs';
import { addKey } from '../live-set/deploy-keys';
import { packDist } from '../release/deploy-api-client';

describe('deploy API uploads: bad input gets a 4xx and changes nothing', () => {
  let root: string;
  let buildsDir: string;
  let uploadTmp: string;
  let server: FastifyInstance;
  let key: string;
  let good: TarEntry[];

  beforeAll(async () => {
    root = await tempDir();
    buildsDir = path.join(root, 'builds');
    // Uploads unpack into a temp folder: this test's own, to see that each is removed.
    uploadTmp = path.join(root, 'tmp');
    await fs.mkdir(uploadTmp);
    key = await addKey({ buildsDir, keysFile: path.join(root, 'keys.json') }, 'blog', 'blog-team');
    await publishAndActivate(buildsDir, root, 'blog', 'live');
    good = await distEntries(await makeDist(root, 'blog', 'candidate'));
    server = buildServer(
      loadConfig({
        BUILDS_DIR: buildsDir,
        DEPLOY_KEYS_FILE: path.join(root, 'keys.json'),
        DEPLOY_UPLOAD_LIMIT_MB: '1',
        DEPLOY_UNPACKED_LIMIT_MB: '2',
        DEPLOY_UPLOAD_TMP_DIR: uploadTmp,
      }),
    );
    // Started before any upload: what a refused one leaves is compared with the folder of a running server.
    await server.ready();
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  async function expectRefused(
    payload: Buffer | Readable,
    status: number,
    error: RegExp,
    contentType = 'application/gzip',
  ) {
    const before = await snapshotTree(buildsDir);
    const response = await server.inject({
      method: 'POST',
      url: '/_/deploy/blog/versions',
      headers: { authorization: `Bearer ${key}`, 'content-type': contentType },
      payload,
    });
    expect([response.statusCode, response.json()]).toEqual([status, { error: expect.stringMatching(error) }]);
    expect(await snapshotTree(buildsDir)).toEqual(before);
    expect(await fs.readdir(uploadTmp)).toEqual([]);
  }

  it('refuses what is not a gzip-compressed tar archive', async () => {
    await expectRefused(Buffer.from('PK\u0003\u0004 a zip file'), 400, /not gzip data/);
    await expectRefused(
      zlib.gzipSync(Buffer.from('just some text, no tar headers at all'.repeat(40))),
      400,
      /not a whole gzip-compressed tar archive/,
    );
    await expectRefused(tarGz(good).subarray(0, 80), 400, /not a whole gzip-compressed tar archive/);
    await expectRefused(zlib.gzipSync(Buffer.alloc(1024)), 400, /not a whole gzip-compressed tar archive/);
    await expectRefused(Buffer.alloc(0), 400, /Send the build as the body/);
    await expectRefused(Buffer.from('{"files":[]}'), 400, /content-type application\/gzip/i, 'application/json');
    await expectRefused(Buffer.from('PK\u0003\u0004'), 415, /Unsupported Media Type/, 'application/zip');
  });

  it('refuses entries that leave the folder', async () => {
    await expectRefused(
      tarGz([...good, { path: '../escape.js', body: 'x' }]),
      400,
      /"\.\.\/escape\.js" has a \.\. segment/,
    );
    await expectRefused(tarGz([...good, { path: './assets/../../escape.js', body: 'x' }]), 400, /has a \.\. segment/);
    await expectRefused(
      tarGz([{ path: '/etc/cron.d/x', body: 'x' }, ...good]),
      400,
      /"\/etc\/cron\.d\/x" has an absolute path/,
    );
    await expectRefused(tarGz([...good, { path: 'C:/x.js', body: 'x' }]), 400, /absolute path/);
    await expectRefused(tarGz([...good, { path: 'assets\\..\\x.js', body: 'x' }]), 400, /backslash/);
  });

  it('refuses links, devices and FIFOs', async () => {
    await expectRefused(
      tarGz([...good, { path: './passwd', type: 'SymbolicLink', linkpath: '/etc/passwd' }]),
      400,
      /"\.\/passwd" is a SymbolicLink/,
    );
    await expectRefused(
      tarGz([...good, { path: './relative', type: 'SymbolicLink', linkpath: 'remoteEntry.js' }]),
      400,
      /is a SymbolicLink/,
    );
    await expectRefused(
      tarGz([...good, { path: './hard', type: 'Link', linkpath: './remoteEntry.js' }]),
      400,
      /is a Link/,
    );
    await expectRefused(tarGz([...good, { path: './tty', type: 'CharacterDevice' }]), 400, /is a CharacterDevice/);
    await expectRefused(tarGz([...good, { path: './disk', type: 'BlockDevice' }]), 400, /is a BlockDevice/);
    await expectRefused(tarGz([...good, { path: './pipe', type: 'FIFO' }]), 400, /is a FIFO/);
  });

  it('refuses a tarball gzipped twice, and entries that contradict each other', async () => {
    await expectRefused(zlib.gzipSync(tarGz(good)), 400, /gzip-compressed twice/);
    await expectRefused(
      tarGz([...good, { path: './notes', body: 'a file' }, { path: './notes/inside.txt', body: 'x' }]),
      400,
      /"\.\/notes\/inside\.txt" cannot be unpacked beside the others \(EEXIST\)/,
    );
    await expectRefused(
      tarGz([...good, { path: './notes/', type: 'Directory' }, { path: './notes', body: 'x' }]),
      400,
      /"\.\/notes" cannot be unpacked beside the others \(EISDIR\)/,
    );
  });

  it('refuses an upload over the size limit and one that unpacks past its limit', async () => {
    await expectRefused(randomBytes(1024 * 1024 + 10), 413, /larger than 1 MB \(DEPLOY_UPLOAD_LIMIT_MB\)/);
    // Sent without a length (chunked): counted as it arrives.
    await expectRefused(
      Readable.from([tarGz(good), randomBytes(1024 * 1024)]),
      413,
      /larger than 1 MB \(DEPLOY_UPLOAD_LIMIT_MB\)/,
    );
    // 3 MB of zeros compress to a few KB: a small upload, a large unpack.
    await expectRefused(
      tarGz([...good, { path: './zeros.bin', body: Buffer.alloc(3 * 1024 * 1024) }]),
      413,
      /unpacks to more than 2 MB/,
    );
  });

  it('refuses a tarball that is not a build of that app', async () => {
    const shell = await packDist(await makeDist(root, 'shell', 'other'));
    await expectRefused(shell, 400, /^The tarball is not a blog build: it has no mf-manifest\.json/);
    await expectRefused(tarGz([{ path: './readme.txt', body: 'hello' }]), 400, /not a blog build/);
  });

  it('accepts the same entries when they are well-formed (the cases above differ only in what they refuse)', async () => {
    const response = await settled(
      server,
      await server.inject({
        method: 'POST',
        url: '/_/deploy/blog/versions',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/gzip' },
        payload: tarGz(good),
      }),
      key,
    );
    expect(response.statusCode).toBe(201);
    // Its job published it from the unpacked folder, then removed that.
    expect(await fs.readdir(uploadTmp)).toEqual([]);
  });
});
