#!/usr/bin/env node
'use strict';

// Loopback latency/throughput of two catalogue queries and of the site search (a few Persian
// queries, Arabic letters and Persian digits included) against a Strapi this script starts
// (on a temp SQLite database, seeded; or BENCH_URL to measure a running CMS).
// BENCH_REQUESTS (500) requests per query, BENCH_CONCURRENCY (8) in flight, plain node http keep-alive.
// BENCH_ONLY=search measures the search alone.
// Requests are read as the app server reads (SITE_READ_SECRET in X-Site-Read): the per-address
// read limit (600 a minute) would otherwise refuse the second query's requests. For BENCH_URL,
// pass that CMS's SITE_READ_SECRET.
const http = require('http');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { startStrapi } = require('./lib/strapi-process');

const N = Number(process.env.BENCH_REQUESTS || 500);
const C = Number(process.env.BENCH_CONCURRENCY || 8);
const agent = new http.Agent({ keepAlive: true, maxSockets: C });
const siteReadSecret = process.env.SITE_READ_SECRET || crypto.randomBytes(16).toString('hex');

function request(url) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    http
      .get(url, { agent, headers: { 'x-site-read': siteReadSecret } }, (res) => {
        res.resume();
        res.on('end', () => {
          const ms = Number(process.hrtime.bigint() - t0) / 1e6;
          if (res.statusCode !== 200) reject(new Error(`${url} -> ${res.statusCode}`));
          else resolve(ms);
        });
      })
      .on('error', reject);
  });
}

// «ورق گالوانيزه» is written with the Arabic ي; «میلگرد ۱۲» with Persian digits.
const SEARCH_QUERIES = ['میلگرد ۱۲', 'ورق گالوانيزه', 'تیرآهن', 'لوله'];

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** `url` is a URL, or a function of the request's number (to defeat the CMS's own memo). */
async function bench(name, url) {
  const urlOf = typeof url === 'function' ? url : () => url;
  for (let i = 0; i < 20; i++) await request(urlOf(-1 - i)); // warm-up
  const times = [];
  let next = 0;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < N) {
        next++;
        times.push(await request(urlOf(next)));
      }
    }),
  );
  const secs = Number(process.hrtime.bigint() - t0) / 1e9;
  times.sort((a, b) => a - b);
  const row = {
    query: name,
    requests: times.length,
    concurrency: C,
    p50_ms: +pct(times, 50).toFixed(2),
    p95_ms: +pct(times, 95).toFixed(2),
    max_ms: +times[times.length - 1].toFixed(2),
    req_per_s: +(times.length / secs).toFixed(1),
  };
  console.log(
    `${name.padEnd(28)} p50 ${String(row.p50_ms).padStart(7)} ms   p95 ${String(row.p95_ms).padStart(7)} ms   ${String(row.req_per_s).padStart(7)} req/s   (${row.requests} requests, concurrency ${C})`,
  );
  return row;
}

async function main() {
  let cms = null;
  let tmpDir = null;
  let base = process.env.BENCH_URL;
  if (!base) {
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'steel-cms-bench-'));
    console.log('[bench] starting Strapi on a fresh seeded SQLite database ...');
    cms = await startStrapi({
      tmpDir,
      env: {
        AUTH_RATE_LIMIT: 'off',
        SITE_READ_SECRET: siteReadSecret,
        NODE_ENV: 'production',
        REQUEST_LOG: process.env.REQUEST_LOG || 'off',
      },
    });
    console.log(`[bench] Strapi pid ${cms.pid} at ${cms.url} (ready in ${cms.startMs} ms)`);
    base = cms.url;
  }
  try {
    const list = `${base}/api/products?filters[sub_category][slug][$eq]=hot-rolled&populate[0]=images&populate[1]=producer&sort[0]=sort_order:asc&pagination[pageSize]=24`;
    const detail = `${base}/api/products?filters[slug][$eq]=sheet-hot-rolled-1&populate[0]=images&populate[1]=producer&populate[2]=sub_category&populate[3]=category`;
    // The sub-category page's view (src/api/catalogue): filtered, sorted, facet counts. Repeated
    // requests are answered from the CMS's memo (kept until the catalogue changes); a value no
    // product has makes each request new, so the second row is the cost of computing it.
    const listing = `${base}/api/catalogue/listing?path=rebar/kalaf&f[diameter_mm][0]=12&sort=price-asc`;
    const rows = [];
    if (process.env.BENCH_ONLY !== 'search') {
      rows.push(await bench('catalogue list', list), await bench('product detail', detail));
      rows.push(
        await bench('filtered listing (memo)', listing),
        await bench('filtered listing (computed)', (n) => `${listing}&f[diameter_mm][1]=x${n}`),
      );
    }
    // The header's palette asks with limit 5 per group (mf-shared PALETTE_RESULTS_PER_GROUP).
    for (const query of SEARCH_QUERIES)
      rows.push(await bench(`search «${query}»`, `${base}/api/search?q=${encodeURIComponent(query)}&limit=5`));
    if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows, null, 2));
  } finally {
    agent.destroy();
    if (cms) {
      await cms.stop();
      console.log(`[bench] stopped Strapi pid ${cms.pid}`);
    }
    if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
