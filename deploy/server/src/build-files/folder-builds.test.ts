/** @jest-environment node */
import fs from 'node:fs/promises';
import path from 'node:path';
import { tempDir } from '../testing/fixtures';
import { buildStoreContract, holdsBuild, preparedBuild, removePreparedBuilds } from '../testing/build-store-contract';
import { openFolderBuilds } from './folder-builds';

/** Versions as folders of the builds folder (`npm start`'s): the contract, and a version prepared on another disk. */
describe('versions in the builds folder', () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
    await removePreparedBuilds();
  });
  const buildsFolder = async () => {
    const dir = await tempDir();
    folders.push(dir);
    return path.join(dir, 'builds');
  };

  describe('keeps the contract', () => {
    buildStoreContract(async () => {
      const buildsDir = await buildsFolder();
      return { a: openFolderBuilds(buildsDir), b: openFolderBuilds(buildsDir) };
    });
  });

  it('takes a version prepared on another disk whole, copied beside its place and renamed into it', async () => {
    // /dev/shm is memory, the builds folder is on disk: a rename between them fails with EXDEV.
    const shm = await fs.mkdtemp('/dev/shm/steel-prepared-');
    const prepared = await preparedBuild();
    const elsewhere = path.join(shm, 'version');
    await fs.cp(prepared, elsewhere, { recursive: true });
    const store = openFolderBuilds(await buildsFolder());
    try {
      expect(await store.store('blog', 'v1', elsewhere)).toBe(true);
      expect(await holdsBuild(await store.local('blog', 'v1'))).toBe(true);
      expect(await fs.readdir(path.join(store.localDir, 'blog'))).toEqual(['v1']);
      await expect(fs.access(elsewhere)).rejects.toThrow();
    } finally {
      await fs.rm(shm, { recursive: true, force: true });
    }
  });
});
