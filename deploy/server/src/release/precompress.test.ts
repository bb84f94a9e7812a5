/** @jest-environment node */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { tempDir } from '../testing/fixtures';
import { COMPRESSION_NICE, precompress } from './precompress';

/** The nice value of each thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
async function threadNiceValues(): Promise<Map<number, number>> {
  const values = new Map<number, number>();
  for (const tid of await fs.readdir('/proc/self/task')) {
    const stat = await fs.readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => null);
    // The command name (field 2) may hold spaces: count the fields after its closing parenthesis.
    if (stat) values.set(Number(tid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return values;
}

describe('precompress', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('writes the smaller variants beside each text file, and leaves binaries and small files alone', async () => {
    const text = 'const rebar = "میلگرد";\n'.repeat(400);
    await fs.writeFile(path.join(dir, 'main.js'), text);
    await fs.writeFile(path.join(dir, 'tiny.css'), 'a{}');
    await fs.writeFile(path.join(dir, 'photo.webp'), randomBytes(4096));
    await precompress(dir, ['main.js', 'tiny.css', 'photo.webp']);
    expect(zlib.brotliDecompressSync(await fs.readFile(path.join(dir, 'main.js.br'))).toString()).toBe(text);
    expect(zlib.gunzipSync(await fs.readFile(path.join(dir, 'main.js.gz'))).toString()).toBe(text);
    expect((await fs.readdir(dir)).sort()).toEqual(['main.js', 'main.js.br', 'main.js.gz', 'photo.webp', 'tiny.css']);
  });

  (process.platform === 'linux' ? it : it.skip)(
    'compresses on a thread of the lowest CPU priority, the rest of the process keeping its own',
    async () => {
      // Text brotli 11 takes a while with: a few files of varied words.
      const words = ['میلگرد', 'تیرآهن', 'ورق', 'لوله', 'پروفیل', 'سیم', 'مش', 'قراضه'];
      const files = ['a.js', 'b.js', 'c.js', 'd.js'];
      for (const name of files) {
        const lines = Array.from(
          { length: 20_000 },
          () => `${words[randomBytes(1)[0]! % 8]} ${randomBytes(6).toString('hex')}`,
        );
        await fs.writeFile(path.join(dir, name), lines.join('\n'));
      }
      const before = await threadNiceValues();
      let lowered: number[] = [];
      let finished = false;
      const running = precompress(dir, files).finally(() => (finished = true));
      while (!finished && !lowered.length) {
        lowered = [...(await threadNiceValues())]
          .filter(([tid, nice]) => nice === COMPRESSION_NICE && !before.has(tid))
          .map(([tid]) => tid);
      }
      await running;
      expect(lowered).toHaveLength(1);
      // The thread that serves (this one) and the others are as they were.
      expect((await threadNiceValues()).get(process.pid)).toBe(before.get(process.pid));
    },
  );
});
