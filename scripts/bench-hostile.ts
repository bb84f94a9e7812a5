/**
 * Hostile-load figures for `npm run bench` (printed, never asserted), the attack run's cases
 * replayed against an app server and a CMS with their production defaults:
 * - renders caused by random query strings on every server-rendered page kind, and by 1,000 random
 *   values of a listing's filters, sort and page (bench-random-queries.ts);
 * - the app server's RSS while every seeded upload is asked for at every allowed width;
 * - an ordinary CMS read's p50/p95 from another address, idle and while one client floods the
 *   CMS with heavy reads over 32 connections (the CMS's RSS beside it);
 * - the same read while 32 addresses flood it together: with heavy reads, and with un-populated
 *   pages of 100 products (each carrying its price history), the probes that finished beside it.
 */
import http from 'node:http';
import autocannon from 'autocannon';
import { IMAGE_WIDTHS } from '@steel/shared/image-widths';
import { canonicalProductPath } from '@steel/shared/site-paths';
import { percentile } from './bench-load';
import { rssMb } from './bench-ssr';
import { randomFilterValueRenders, randomQueryRendersPerPageKind } from './bench-random-queries';

interface HostileOptions {
  /** An app server with the production defaults (render bound on, its own image cache folder). */
  base: string;
  serverPid: number;
  /** The CMS origin (no /api) and its process id. */
  cms: string;
  cmsPid: number;
  log: (line: string) => void;
}

async function uploadPaths(cms: string): Promise<string[]> {
  const paths = new Set<string>();
  const read = async (collection: string, field: string) => {
    for (let page = 1; page < 20; page++) {
      const url = `${cms}/api/${collection}?fields[0]=documentId&populate[${field}][fields][0]=url&pagination[pageSize]=100&pagination[page]=${page}`;
      const body = (await (await fetch(url)).json()) as {
        data: Array<Record<string, unknown>>;
        meta: { pagination: { pageCount: number } };
      };
      for (const entry of body.data) {
        const media = entry[field];
        for (const one of Array.isArray(media) ? media : media ? [media] : []) {
          const src = (one as { url?: string }).url;
          if (src?.startsWith('/uploads/')) paths.add(src);
        }
      }
      if (page >= body.meta.pagination.pageCount) break;
    }
  };
  await read('products', 'images');
  await read('articles', 'cover');
  return [...paths];
}

/** As many uploads as the attack run asked for (158 × 9 widths = 1,422 requests). */
const FLOOD_UPLOADS = 158;

export async function imageFlood({ base, serverPid, cms, log }: HostileOptions) {
  const uploads = (await uploadPaths(cms)).slice(0, FLOOD_UPLOADS);
  const urls = uploads.flatMap((src) =>
    IMAGE_WIDTHS.map((width) => `${base}/_/img?src=${encodeURIComponent(src)}&w=${width}`),
  );
  const before = rssMb(serverPid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(serverPid))), 200);
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let next = 0;
  let bytes = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < urls.length) {
        const url = urls[next++]!;
        const t0 = performance.now();
        const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
        bytes += (await response.arrayBuffer()).byteLength;
        latencies.push(performance.now() - t0);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  clearInterval(sampler);
  latencies.sort((a, b) => a - b);
  log(
    `image flood: ${urls.length} requests (${uploads.length} uploads × ${IMAGE_WIDTHS.length} widths, 16 at once) in ${((Date.now() - started) / 1000).toFixed(1)} s, ${(bytes / 1024 / 1024).toFixed(1)} MB; ` +
      `p50 ${percentile(latencies, 50).toFixed(0)} ms  p95 ${percentile(latencies, 95).toFixed(0)} ms  (${[...statuses].map(([code, n]) => `${code}×${n}`).join(' ')})`,
  );
  log(
    `app server RSS: ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB during, ${rssMb(serverPid).toFixed(0)} MB after`,
  );
}

/**
 * One ordinary read (a sub-category's first products, fields named) from another loopback address:
 * 127.0.0.2 is this machine too, a second visitor, not the one flooding from 127.0.0.1.
 */
function ordinaryRead(cms: string, localAddress = '127.0.0.2', timeoutMs = 30_000): Promise<number> {
  const url = new URL(`${cms}/api/products?fields[0]=slug&fields[1]=price&sort[0]=price:asc&pagination[pageSize]=12`);
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, { localAddress, agent: false, timeout: timeoutMs }, (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - t0)
            : reject(new Error(`ordinary read answered ${response.statusCode}`)),
        );
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error(`ordinary read took over ${timeoutMs} ms`));
      })
      .on('error', reject);
  });
}

async function readTimes(cms: string, count: number, localAddress?: string): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    times.push(await ordinaryRead(cms, localAddress));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return times.sort((a, b) => a - b);
}

export async function heavyReadFlood({ cms, cmsPid, log }: HostileOptions) {
  const idle = await readTimes(cms, 100);
  const rssBefore = rssMb(cmsPid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(cmsPid))), 200);
  const statuses = new Map<number, number>();
  const flood = new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      { url: `${cms}/api/products?pagination[pageSize]=100&populate=*`, connections: 32, duration: 20 },
      (error) => (error ? reject(error) : resolve()),
    );
    instance.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
  });
  const underFlood = await readTimes(cms, 150);
  await flood;
  clearInterval(sampler);
  const figures = (times: number[]) =>
    `p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(0)} ms`;
  log(`ordinary CMS read from another address, idle:            ${figures(idle)}`);
  log(
    `the same, during 32 connections of heavy reads (20 s):  ${figures(underFlood)}  (p95 ${(percentile(underFlood, 95) / percentile(idle, 95)).toFixed(1)}× idle)`,
  );
  log(
    `the flood's answers: ${[...statuses].map(([code, n]) => `${code}×${n}`).join(' ')}; CMS RSS ${rssBefore.toFixed(0)} MB before, peak ${rssPeak.toFixed(0)} MB`,
  );
}

const FLOOD_ADDRESSES = 32;
const FLOOD_SECONDS = 20;
/** As many probes as the attack run sent beside its flood, spread over the flood. */
const PROBES = 100;
/** A probe not answered 200 within this long has not finished. */
const PROBE_TIMEOUT_MS = 10_000;
/** The probes' own address: not one of the flooders', nor the single-client flood's probe. */
const PROBE_ADDRESS = '127.0.0.250';

/**
 * `path` asked over and over for FLOOD_SECONDS by one keep-alive connection from each of 32
 * loopback addresses (`<prefix>.1` … `.32`; Linux routes all of 127/8 to lo), while PROBES
 * ordinary reads are spread over the same time from PROBE_ADDRESS: their times, and how many
 * finished (answered 200 within PROBE_TIMEOUT_MS).
 */
async function distributedFlood(cms: string, path: string, addressPrefix: string) {
  const statuses = new Map<string, number>();
  const ends = Date.now() + FLOOD_SECONDS * 1000;
  const connection = async (localAddress: string) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    while (Date.now() < ends) {
      const status = await new Promise<string>((resolve) => {
        http
          .get(`${cms}${path}`, { agent, localAddress }, (response) => {
            response.resume();
            response.on('end', () => resolve(String(response.statusCode)));
          })
          .on('error', () => resolve('closed'));
      });
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    agent.destroy();
  };
  const flood = Promise.all(Array.from({ length: FLOOD_ADDRESSES }, (_, i) => connection(`${addressPrefix}.${i + 1}`)));
  const probes: Array<Promise<number | null>> = [];
  for (let i = 0; i < PROBES && Date.now() < ends; i++) {
    probes.push(ordinaryRead(cms, PROBE_ADDRESS, PROBE_TIMEOUT_MS).catch(() => null));
    await new Promise((resolve) => setTimeout(resolve, (FLOOD_SECONDS * 1000) / PROBES));
  }
  const times = (await Promise.all(probes)).filter((ms): ms is number => ms !== null).sort((a, b) => a - b);
  await flood;
  return { times, probes: probes.length, statuses };
}

/** The two floods the attack run spread over 32 addresses, each beside an ordinary reader. */
export async function distributedFloods({ cms, log }: HostileOptions) {
  const idle = await readTimes(cms, PROBES, PROBE_ADDRESS);
  const figures = (times: number[]) =>
    times.length
      ? `p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${percentile(times, 95).toFixed(1)} ms  max ${times.at(-1)!.toFixed(0)} ms`
      : 'no probe finished';
  log(`ordinary CMS read from ${PROBE_ADDRESS}, idle:  ${figures(idle)}`);
  const floods = [
    ['distributed heavy flood over 32 addresses', '/api/products?pagination[pageSize]=100&populate=*', '127.0.1'],
    ['un-populated pageSize=100 flood over 32 addresses', '/api/products?pagination[pageSize]=100', '127.0.2'],
  ] as const;
  for (const [label, path, addressPrefix] of floods) {
    const { times, probes, statuses } = await distributedFlood(cms, path, addressPrefix);
    const ratio = times.length ? `${(percentile(times, 95) / percentile(idle, 95)).toFixed(1)}× idle` : '–';
    log(
      `${label} (${FLOOD_SECONDS} s): ${figures(times)}  (p95 ${ratio}); probes finished ${times.length} of ${probes}; ` +
        `the flood's answers: ${[...statuses].map(([code, n]) => `${code}×${n}`).join(' ')}`,
    );
  }
}

export async function benchHostileLoad(options: HostileOptions): Promise<void> {
  const product = (await (
    await fetch(
      `${options.cms}/api/products?fields[0]=slug&populate[sub_category][fields][0]=path&pagination[pageSize]=1`,
    )
  ).json()) as {
    data: Array<{ slug: string; sub_category: { path: string } }>;
  };
  const productPath = canonicalProductPath(product.data[0]!) ?? '/';
  // The catalogue's tree is one page kind in the registry: a real listing and product stand for its parts.
  const listingPath = productPath.slice(0, productPath.lastIndexOf('/'));
  await randomQueryRendersPerPageKind(options.base, [listingPath, productPath], options.log);
  await randomFilterValueRenders(options.base, listingPath, options.log);
  await imageFlood(options);
  await heavyReadFlood(options);
  await distributedFloods(options);
}
