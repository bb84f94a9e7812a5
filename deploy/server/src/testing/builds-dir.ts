import fs from 'node:fs/promises';
import path from 'node:path';
import { tempDir } from './fixtures';

/** A test's own folders: `root` for its dists and keys, `buildsDir` (BUILDS_DIR) inside it. */
export interface TestFolders {
  root: string;
  buildsDir: string;
}

/**
 * Gives every test of the calling `describe` a fresh temp folder with its BUILDS_DIR at
 * `<root>/builds`, removed after the test. The fields change per test: read them inside tests and
 * hooks, never when the describe is declared.
 */
export function foldersPerTest(): TestFolders {
  const folders: TestFolders = { root: '', buildsDir: '' };
  beforeEach(async () => {
    folders.root = await tempDir();
    folders.buildsDir = path.join(folders.root, 'builds');
  });
  afterEach(() => fs.rm(folders.root, { recursive: true, force: true }));
  return folders;
}
