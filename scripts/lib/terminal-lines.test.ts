/** @jest-environment node */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { cmsLineForPeople, serverLineForPeople } from './terminal-lines';

/** The lines a Fastify server with the app server's logger (pino, JSON) writes: requests, then its own. */
async function serverLines(): Promise<string[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  app.get('/api/health', async () => ({ ok: true }));
  await app.inject('/api/health');
  await app.inject('/no-such-page');
  app.log.info('Steel marketplace at http://127.0.0.1:8080/');
  app.log.info({ event: 'deploy', app: 'inquiry', reqId: 'r-1' }, 'deploy: activated inquiry 24c513e4ca74');
  app.log.warn({ reqId: 'r-2', app: 'inquiry' }, 'a remote failed in a browser');
  app.log.error({ err: new Error('connect ECONNREFUSED 127.0.0.1:1337') }, 'could not read the CMS');
  await app.close();
  return lines;
}

describe("what npm start's terminal shows of the app server and the CMS", () => {
  it("shows the app server's own events with their level, and none of its per-request lines", async () => {
    const lines = await serverLines();
    expect(lines.filter((line) => line.includes('"reqId"')).length).toBeGreaterThanOrEqual(4);
    expect(lines.map(serverLineForPeople).filter((line) => line !== null)).toEqual([
      'Steel marketplace at http://127.0.0.1:8080/',
      'deploy: activated inquiry 24c513e4ca74',
      'warning: a remote failed in a browser',
      'error: could not read the CMS (connect ECONNREFUSED 127.0.0.1:1337)',
    ]);
  });

  it('shows what is not JSON as it is (a stack trace, a compile error), and nothing for a blank line', () => {
    expect(serverLineForPeople('    at main (/work/deploy/server/src/main.ts:49:3)')).toBe(
      '    at main (/work/deploy/server/src/main.ts:49:3)',
    );
    expect(serverLineForPeople('')).toBeNull();
  });

  it("drops the CMS's request lines, coloured or not, and keeps the rest", () => {
    const coloured =
      '[2026-11-30 07:01:19.121] \u001b[32mhttp\u001b[39m: GET /api/orders?sort[0]=number:asc (39 ms) 200';
    expect(cmsLineForPeople(coloured)).toBeNull();
    expect(cmsLineForPeople('[2026-11-30 07:01:19.121] http: POST /api/auth/local (120 ms) 400')).toBeNull();
    for (const kept of [
      '[seed] catalogue: 9 categories, 41 sub-categories, 120 products',
      '[2026-11-30 07:01:20.142] \u001b[32minfo\u001b[39m: Shutting down Strapi',
      '[2026-11-30 07:01:20.142] error: Database connection lost',
    ])
      expect(cmsLineForPeople(kept)).toBe(kept);
    expect(cmsLineForPeople('   ')).toBeNull();
  });
});
