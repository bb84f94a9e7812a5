/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadServerEntry } from './load-server-entry';

describe('loading a server entry', () => {
  it("finds the bundle's lazy chunks beside it and every package in the app server", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-entry-'));
    fs.writeFileSync(
      path.join(dir, 'index.js'),
      "module.exports = { chunk: require('./849.js'), react: require('react') };",
    );
    fs.writeFileSync(path.join(dir, '849.js'), 'module.exports = { id: 849 };');
    const entry = loadServerEntry<{ chunk: { id: number }; react: unknown }>(path.join(dir, 'index.js'));
    expect(entry?.chunk).toEqual({ id: 849 });
    // The CommonJS module object itself: an `import` would hand over an interop wrapper of it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
    expect(entry?.react).toBe(require('react'));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
