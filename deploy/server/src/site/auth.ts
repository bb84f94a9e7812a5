/**
 * `GET /api/auth` (docs/behaviour.md, "Auth calls"): the session for the caller's cookies. The token cookie is
 * validated against the CMS (`/users/me?populate=role`, server to server); the answer is
 * `{ token, user }`, or the empty session `{ token: null, user: null }` on ANY failure (no
 * cookie, CMS 401, CMS down, timeout, junk) — always 200 and never cached, so a proxy can never
 * hand one customer's session to another.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { User } from '@steel/contract';
import { readCookie } from '../live-set/cookies';
import type { RouteContext } from './context';

/** A slow CMS must not hold the shell's start-up for long: the guard asks the CMS itself later. */
export const CMS_USER_TIMEOUT_MS = 5000;

export interface ServerSession {
  token: string | null;
  user: User | null;
}

const EMPTY_SESSION: ServerSession = { token: null, user: null };

function isUser(value: unknown): value is User {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

export const authRoutes: FastifyPluginAsync<RouteContext> = async (app, { config }) => {
  const tokenName = config.runtime.cookie.tokenName;

  app.get('/api/auth', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = readCookie(request.headers.cookie, tokenName);
    if (!token) return EMPTY_SESSION;
    try {
      const response = await fetch(`${config.cmsInternalUrl}/users/me?populate=role`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
        signal: AbortSignal.timeout(CMS_USER_TIMEOUT_MS),
      });
      if (!response.ok) {
        request.log.info({ status: response.status }, '/api/auth: the CMS refused the token');
        return EMPTY_SESSION;
      }
      const user: unknown = await response.json();
      if (!isUser(user)) {
        request.log.warn('/api/auth: the CMS answered /users/me without a user');
        return EMPTY_SESSION;
      }
      return { token, user } satisfies ServerSession;
    } catch (error) {
      request.log.warn({ err: error }, '/api/auth: could not reach the CMS');
      return EMPTY_SESSION;
    }
  });
};
