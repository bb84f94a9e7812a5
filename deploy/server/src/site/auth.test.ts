/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../app';
import { loadConfig } from '../config';
import { readCookie } from '../live-set/cookies';

const demo = {
  id: 1,
  documentId: 'abc',
  username: 'demo',
  email: 'demo@example.com',
  role: { id: 1, name: 'Authenticated', type: 'authenticated' },
};

/** A real HTTP server answering `/api/users/me` as Strapi does: the user for the good token, 401 otherwise. */
async function startFakeCms(): Promise<{ url: string; requests: http.IncomingMessage[]; close(): Promise<void> }> {
  const requests: http.IncomingMessage[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request);
    if (request.url?.startsWith('/api/users/me') && request.headers.authorization === 'Bearer good.jwt') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(demo));
    } else if (request.headers.authorization === 'Bearer junk.jwt') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"data":null}');
    } else {
      response.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          data: null,
          error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} },
        }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('GET /api/auth', () => {
  let cms: Awaited<ReturnType<typeof startFakeCms>>;
  let app: FastifyInstance;

  beforeEach(async () => {
    cms = await startFakeCms();
    app = buildServer(
      loadConfig({
        BUILDS_DIR: '/nonexistent',
        CMS_PUBLIC_URL: 'https://cms.example.ir/api',
        CMS_INTERNAL_URL: cms.url,
      }),
    );
  });
  afterEach(async () => {
    await app.close();
    await cms.close();
  });

  it('answers the token and the user the CMS validated, never cached', async () => {
    const res = await app.inject({
      url: '/api/auth',
      headers: { cookie: 'other=1; user_token=good.jwt; user_data=%7Bbroken' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ token: 'good.jwt', user: demo });
    expect(cms.requests).toHaveLength(1);
    expect(cms.requests[0]!.url).toBe('/api/users/me?populate=role');
    expect(cms.requests[0]!.headers.authorization).toBe('Bearer good.jwt');
  });

  it.each([
    ['no cookie', undefined],
    ['an empty token cookie', 'user_token='],
    ['a token the CMS refuses (401)', 'user_token=expired.jwt'],
    ['an answer without a user', 'user_token=junk.jwt'],
  ])('answers the empty session for %s', async (_label, cookie) => {
    const res = await app.inject({ url: '/api/auth', headers: cookie ? { cookie } : {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ token: null, user: null });
  });

  it('answers the empty session when the CMS cannot be reached', async () => {
    await cms.close();
    const res = await app.inject({ url: '/api/auth', headers: { cookie: 'user_token=good.jwt' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: null, user: null });
    cms = { ...cms, close: async () => undefined };
  });

  it('reads cookies as js-cookie writes them', () => {
    expect(readCookie('a=1; user_token=x%2Ey; b=2', 'user_token')).toBe('x.y');
    expect(readCookie('user_token_old=1', 'user_token')).toBeNull();
    expect(readCookie(undefined, 'user_token')).toBeNull();
    expect(readCookie('user_token="q"', 'user_token')).toBe('q');
  });
});
