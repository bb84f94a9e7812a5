/** The deploy console's sign-in form, posted as a browser posts it (console/console-routes.ts). */
import type { FastifyInstance } from 'fastify';

/** Posts `key` to the sign-in form from `origin` (the site's own, unless a test says otherwise). */
export const postSignIn = (server: FastifyInstance, key: string, origin: string) =>
  server.inject({
    method: 'POST',
    url: '/_/console/sign-in',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ key }).toString(),
  });

/** Signs in with a key; the session cookie, as the browser sends it back. */
export async function signIn(server: FastifyInstance, key: string, origin: string): Promise<string> {
  const response = await postSignIn(server, key, origin);
  expect(response.statusCode).toBe(303);
  return String(response.headers['set-cookie']).split(';')[0]!;
}
