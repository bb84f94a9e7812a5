/** @jest-environment node */
/**
 * The machine's refusals said in one line that names them and what to do: a full disk (a tiny
 * tmpfs as the builds folder, so it is really full; mounting one needs root — CI runs as root),
 * the deploy gate's port held by another program, a service that refuses the connection.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { makeDist, tempDir } from '../testing/fixtures';
import { addKey } from '../live-set/deploy-keys';
import { run } from '../release/cli';
import { RemoteError } from '../release/deploy-api-client';
import { gatePort } from '../release/gate/trial-port';
import { freePort } from '../testing/free-port';
import { refusalOf } from './release-errors';

const asRoot = process.getuid?.() === 0;

(asRoot ? describe : describe.skip)('a publish onto a full disk', () => {
  let root: string;
  let buildsDir: string;
  let server: FastifyInstance;
  let url: string;
  beforeAll(async () => {
    root = await tempDir();
    buildsDir = path.join(root, 'builds');
    await fs.mkdir(buildsDir);
    // Room for the release's small records, not for a build.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96k', 'tmpfs', buildsDir]);
    server = buildServer(
      loadConfig({
        BUILDS_DIR: buildsDir,
        DEPLOY_KEYS_FILE: path.join(root, 'keys.json'),
        DEPLOY_UPLOAD_TMP_DIR: root,
        HEALTH_MONITOR: 'off',
      }),
    );
    await server.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await server?.close();
    execFileSync('umount', [buildsDir]);
    await fs.rm(root, { recursive: true, force: true });
  });

  it('answers with one line naming the full disk and what to do, and leaves nothing half-written', async () => {
    const key = await addKey({ buildsDir, keysFile: path.join(root, 'keys.json') }, 'blog', 'blog-team');
    const dist = await makeDist(root, 'blog', 'large');
    await fs.writeFile(path.join(dist, 'pictures.bin'), randomBytes(512 * 1024));
    const refused = run(['--server', url, 'publish', 'blog', dist], () => {}, { DEPLOY_KEY: key });
    await expect(refused).rejects.toThrow(RemoteError);
    await expect(refused).rejects.toThrow(
      /^507: The server's disk is full \(ENOSPC, writing \S+\/builds\/blog\/\.tmp-[^)]+\): nothing was published or changed\. Free space on it — `deploy prune --keep 3`/,
    );
    // No version, and no half-copied folder beside the versions.
    expect(await fs.readdir(path.join(buildsDir, 'blog')).catch(() => [])).toEqual([]);
  });
});

describe("the deploy gate's port", () => {
  const holders: net.Server[] = [];
  const hold = (port: number) =>
    new Promise<void>((resolve, reject) => {
      const holder = net.createServer();
      holder.once('error', reject);
      holder.listen(port, '127.0.0.1', () => resolve());
      holders.push(holder);
    });
  afterEach(async () => {
    await Promise.all(holders.splice(0).map((holder) => new Promise((resolve) => holder.close(resolve))));
  });

  it('moves to the next free port the CMS allows when another program holds it', async () => {
    const first = await freePort();
    await hold(first);
    const port = await gatePort({ DEPLOY_GATE_PORT: String(first) });
    expect(port).toBeGreaterThan(first);
    expect(port).toBeLessThan(first + 4);
  });

  it('when all of them are held, is one line naming the ports, EADDRINUSE and what to do', async () => {
    let first = await freePort();
    // Four free ports in a row, then held.
    for (let tries = 0; tries < 20; tries++) {
      const held = await Promise.all(
        [0, 1, 2, 3].map((offset) =>
          hold(first + offset).then(
            () => true,
            () => false,
          ),
        ),
      );
      if (held.every(Boolean)) break;
      await Promise.all(holders.splice(0).map((holder) => new Promise((resolve) => holder.close(resolve))));
      first = await freePort();
    }
    const failure = await gatePort({ DEPLOY_GATE_PORT: String(first) }).catch((error: unknown) => error);
    expect(refusalOf(failure)).toEqual({
      statusCode: 503,
      message: `The deploy gate's smoke-test port is taken: ${first}–${first + 3} (DEPLOY_GATE_PORT and the 3 after it, which the CMS's CORS allows) are held by other programs (EADDRINUSE); nothing was changed. Stop what holds them or set DEPLOY_GATE_PORT to a free port (for the CMS too), then try again`,
    });
  });
});

describe('a service the deploy needs that refuses it', () => {
  it('is one line naming the refusal and its address, and that nothing was changed', async () => {
    // A real refusal: a port nobody listens on.
    const port = await freePort();
    const refused = await new Promise<Error>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('error', resolve);
    });
    expect(refusalOf(refused)).toEqual({
      statusCode: 503,
      message: `A service the deploy needs refused it (ECONNREFUSED 127.0.0.1:${port}): nothing was changed. Try again once it answers`,
    });
  });
});
