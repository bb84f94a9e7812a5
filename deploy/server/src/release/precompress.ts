/**
 * `<file>.br` and `<file>.gz` beside each text asset of a published version: the servers (nginx's
 * `brotli_static`/`gzip_static`, the app server's static files) send them as they are, so visitors
 * get the strongest compression without a server paying for it per request.
 *
 * Brotli at quality 11 is slow (seconds per megabyte), so it runs in a worker thread of its own,
 * never on the thread that serves pages nor in libuv's pool, whose four threads also do the
 * serving thread's file reads. That thread also runs at the lowest CPU priority (COMPRESSION_NICE):
 * a publish took a whole core for seconds, and on a machine shared with other app servers the ones
 * serving pages fell behind and shed them (the N-server arrangement's publish under load). The
 * worker is plain JavaScript given as source: the same from the TypeScript sources and from the
 * compiled release, with no file of its own to bundle.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const PRECOMPRESS_RE = /\.(?:js|mjs|css|html|json|svg|txt|map|xml|ttf|otf)$/i;
const PRECOMPRESS_MIN_BYTES = 1024;

/**
 * The compression thread's nice value: 19, the lowest, so pages come first. Its cost, measured on
 * this 2-core machine: the blog's 40 files took 8.7 s alone, and with two busy loops on the two
 * cores 14.6 s at nice 0, 97.8 s at 10 and over 400 s at 19 — a publish on a machine kept busy
 * waits for it. Nice 10 was not enough: the topology test's reader met a 503 during the publish.
 */
export const COMPRESSION_NICE = 19;

/** One file at a time: reads it, writes the variants that are smaller than it, answers with its name. */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const fs = require('node:fs');
const zlib = require('node:zlib');
// Linux keeps a nice value per thread and /proc/thread-self names this one: only this thread is
// lowered, never the server's. Elsewhere the call fails and the thread keeps its priority.
try {
  const threadId = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(threadId, ${COMPRESSION_NICE});
} catch {}
parentPort.on('message', (file) => {
  try {
    const data = fs.readFileSync(file);
    const br = zlib.brotliCompressSync(data, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    if (br.length < data.length) fs.writeFileSync(file + '.br', br);
    const gz = zlib.gzipSync(data, { level: 9 });
    if (gz.length < data.length) fs.writeFileSync(file + '.gz', gz);
    parentPort.postMessage({ file });
  } catch (error) {
    parentPort.postMessage({ file, error: { message: error.message, code: error.code, path: error.path } });
  }
});
`;

/** The files of `files` (paths relative to `dir`) worth compressing. */
async function compressible(dir: string, files: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const rel of files) {
    if (!PRECOMPRESS_RE.test(rel)) continue;
    if ((await fs.stat(path.join(dir, rel))).size >= PRECOMPRESS_MIN_BYTES) out.push(rel);
  }
  return out;
}

/**
 * Writes the variants of `files` in a worker thread; `onProgress` hears each file done. A failure
 * (a full disk) is the error of the file it met, with its code, as if thrown here.
 */
export async function precompress(
  dir: string,
  files: string[],
  onProgress?: (done: number, of: number) => void,
): Promise<void> {
  const todo = await compressible(dir, files);
  if (!todo.length) return;
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  try {
    let done = 0;
    for (const rel of todo) {
      const answer = new Promise<{ error?: { message: string; code?: string; path?: string } }>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
      });
      worker.postMessage(path.join(dir, rel));
      const { error } = await answer;
      worker.removeAllListeners('error');
      if (error) throw Object.assign(new Error(error.message), { code: error.code, path: error.path });
      onProgress?.(++done, todo.length);
    }
  } finally {
    await worker.terminate();
  }
}
