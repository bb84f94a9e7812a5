/**
 * Which live set a request gets. Without a canary, everyone gets the live one and no cookie is
 * set. With one, each visitor has a cohort — a random number from 0 to 9999 kept in a cookie
 * assigned on their first request — and a canary at p % reaches the cohorts below p × 100: the
 * same visitors on every request and every app server (the cookie carries the choice, so servers
 * need not share any state for it), and the same choice for the server render, the registry in
 * the page, /remotes.json, the chunk URLs and the page cache key (the set's id differs).
 */
import { randomInt } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveSnapshot, LiveStore } from './live-store';
import { configuredKeys, type DeployKeySource } from './deploy-keys';
import { type Override, overrideCookies, verifyOverride } from './override-cookies';
import { readCookie } from './cookies';

export const COHORT_COOKIE = 'steel_cohort';
const COHORTS = 10_000;
const COHORT_MAX_AGE_S = 90 * 24 * 3600;

/** The cohort the request's cookie carries, or null. */
export function keptCohort(request: FastifyRequest): number | null {
  const kept = Number(readCookie(request.headers.cookie, COHORT_COOKIE) ?? NaN);
  return Number.isInteger(kept) && kept >= 0 && kept < COHORTS ? kept : null;
}

/**
 * New visitors' cohorts walk the range by the golden ratio from a random start (a Weyl sequence):
 * any run of new visitors is spread evenly, so a canary at p % reaches p % of them even when they
 * are few, where independent draws would stray by several points per thousand.
 */
const GOLDEN_RATIO_FRACTION = (Math.sqrt(5) - 1) / 2;
let cohortWalk = randomInt(COHORTS) / COHORTS;
function newCohort(): number {
  cohortWalk = (cohortWalk + GOLDEN_RATIO_FRACTION) % 1;
  return Math.floor(cohortWalk * COHORTS);
}

function cohortOf(request: FastifyRequest, reply: FastifyReply): number {
  const kept = keptCohort(request);
  if (kept !== null) return kept;
  const cohort = newCohort();
  const secure = request.protocol === 'https' ? '; Secure' : '';
  const cookie = `${COHORT_COOKIE}=${cohort}; Path=/; Max-Age=${COHORT_MAX_AGE_S}; SameSite=Lax; HttpOnly${secure}`;
  const earlier = reply.getHeader('set-cookie');
  reply.header(
    'set-cookie',
    earlier === undefined ? cookie : [...(Array.isArray(earlier) ? earlier : [String(earlier)]), cookie],
  );
  return cohort;
}

/** The overrides the request's cookies carry that are still valid (none without such a cookie). */
export async function visitorOverrides(
  request: FastifyRequest,
  { config }: { config: { deploy: DeployKeySource } },
): Promise<Override[]> {
  const cookies = Object.entries(overrideCookies(request.headers.cookie));
  if (cookies.length === 0) return [];
  const keys = await configuredKeys(config.deploy).catch(() => []);
  return cookies.flatMap(([app, value]) => verifyOverride(app, value, keys) ?? []);
}

/** What visitorLiveSet found for a request: the page shows it in its override strip. */
const requestOverrides = new WeakMap<FastifyRequest, Override[]>();
export const overridesOf = (request: FastifyRequest): Override[] => requestOverrides.get(request) ?? [];

export async function visitorLiveSet(
  context: { live: LiveStore; config: { deploy: DeployKeySource } },
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<LiveSnapshot | null> {
  const stable = await context.live.current();
  const canaryRunning = Boolean(stable?.live.canary && Object.keys(stable.live.canary).length > 0);
  const overrides = await visitorOverrides(request, context);
  if (!canaryRunning && overrides.length === 0) return stable;
  requestOverrides.set(request, overrides);
  // A shared cache must not hand one visitor's page to another.
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Cookie` : 'Cookie');
  return context.live.forVisitor(
    canaryRunning ? cohortOf(request, reply) : null,
    Object.fromEntries(overrides.map((o) => [o.app, o.version])),
  );
}
