/** @jest-environment node */
/**
 * The scaffold's command: which registry it sends `@steel/*` to, and that a failed run leaves the
 * folder as it found it (so the same command can be run again).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main, platformRegistry } from './cli';

let parent: string;
let cwd: string;
const savedEnv = { ...process.env };

beforeEach(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-scaffold-'));
  cwd = process.cwd();
  process.chdir(parent);
  // Every registry unreachable (the public one too), so npm fails at once instead of after its retries.
  process.env['npm_config_fetch_retries'] = '0';
  process.env['npm_config_registry'] = 'http://127.0.0.1:9/';
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  process.chdir(cwd);
  process.env = { ...savedEnv };
  jest.restoreAllMocks();
  fs.rmSync(parent, { recursive: true, force: true });
});

describe('the registry for @steel/*', () => {
  it('is the one named with --registry, else the one the scaffold was published to', () => {
    const manifest = path.join(parent, 'package.json');
    fs.writeFileSync(manifest, JSON.stringify({ publishConfig: { registry: 'https://npm.example/' } }));
    expect(platformRegistry({}, manifest)).toBe('https://npm.example/');
    expect(platformRegistry({ registry: 'https://other.example/' }, manifest)).toBe('https://other.example/');
    fs.writeFileSync(manifest, JSON.stringify({ name: '@steel/create-remote' }));
    expect(platformRegistry({}, manifest)).toBeUndefined();
  });
});

describe('a failed scaffold', () => {
  it('leaves no folder behind when npm cannot resolve the packages, so the same command runs again', () => {
    const args = ['guides', '--title', 'راهنماها', '--registry', 'http://127.0.0.1:9/'];
    expect(main(args)).toBe(1);
    expect(fs.existsSync(path.join(parent, 'guides'))).toBe(false);
    expect(main(args)).toBe(1);
    expect(fs.readdirSync(parent)).toEqual([]);
  });

  it('empties a folder that was empty, and never touches one that was not', () => {
    fs.mkdirSync(path.join(parent, 'empty'));
    expect(main(['guides', '--dir', 'empty', '--registry', 'http://127.0.0.1:9/'])).toBe(1);
    expect(fs.readdirSync(path.join(parent, 'empty'))).toEqual([]);
    fs.mkdirSync(path.join(parent, 'mine'));
    fs.writeFileSync(path.join(parent, 'mine', 'notes.txt'), 'keep me');
    expect(() => main(['guides', '--dir', 'mine', '--registry', 'http://127.0.0.1:9/'])).toThrow(/is not empty/);
    expect(fs.readdirSync(path.join(parent, 'mine'))).toEqual(['notes.txt']);
  });
});
