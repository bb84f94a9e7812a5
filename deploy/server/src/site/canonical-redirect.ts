/**
 * One URL per page state: what a server-rendered page reads of its query is declared in its page
 * list (`query`, `subpages`; none when undeclared), and the page cache is keyed by the path
 * and that query in its canonical spelling (contracts/query-parameters.ts). A request spelled any
 * other way — a parameter the page does not read, a repeated or empty one, a default or
 * out-of-range value, a value too long or not of its type, another order — is sent (301) to the
 * canonical URL before anything is rendered or cached, so random query strings cost neither a
 * render nor a cache entry (`canonicalPageUrl`, which repo/canonical-urls.test.ts walks over every
 * page).
 *
 * What the declaration alone cannot decide, the page's state source can: a filter value no product
 * has, a tag no article has, a page past the last. For a page that names one (`stateSource`, a CMS
 * read) and a query with such a value or a page number, the server asks the CMS which values the
 * page's path holds (once per path, kept until the CMS reports a change to what the answer read)
 * and, for a page number, how many items the state lists (once per state) — then redirects the same
 * way. A CMS that cannot answer decides nothing: the page is rendered as asked (its render reads
 * the same CMS), and the CMS is not asked again for a few seconds.
 */
import type { FastifyReply } from 'fastify';
import { LRUCache } from 'lru-cache';
import {
  canonicalHeldSearch,
  canonicalPageUrl,
  needsQueryState,
  pageQueryAt,
  queryStateSearch,
  type PageRoute,
  type QueryStateAnswer,
} from '@steel/contract';
import type { ContentChanges } from './content-changes';

/** Past this an answer is asked again even without a change report (a lost report heals itself). */
const KEEP_MS = 5 * 60 * 1000;
/** Answers kept: a path's values and the totals of the states visitors page through. */
const ANSWERS_KEPT = 5000;
/** A state source slower than this decides nothing for this request. */
const ASK_TIMEOUT_MS = 1500;
/** After a failed ask the CMS is left alone this long: a CMS that is down costs no request a wait. */
const PAUSE_AFTER_FAILURE_MS = 10_000;

/** What a state source answers: the query state, and the CMS collections it read (a change to one drops it). */
type StateAnswer = QueryStateAnswer & { collections: string[] };

export interface CanonicalRedirects {
  /**
   * The URL the page is cached under, or null when the reply is the redirect to the canonical URL
   * (sent here). Asks the page's state source when the query needs it.
   */
  cacheUrlOrRedirect(
    reply: FastifyReply,
    url: string,
    pathname: string,
    route: PageRoute | undefined,
  ): Promise<string | null>;
  close(): void;
}

function isStateAnswer(body: unknown): body is StateAnswer {
  const answer = body as Partial<StateAnswer> | null;
  return (
    typeof answer === 'object' &&
    answer !== null &&
    typeof answer.values === 'object' &&
    answer.values !== null &&
    Object.values(answer.values).every((values) => Array.isArray(values)) &&
    typeof answer.total === 'number' &&
    Array.isArray(answer.collections)
  );
}

export function createCanonicalRedirects({
  cmsInternalUrl,
  contentChanges,
  log,
}: {
  cmsInternalUrl: string;
  contentChanges: ContentChanges;
  log: { warn(object: object, message: string): void };
}): CanonicalRedirects {
  const answers = new LRUCache<string, { answer: Promise<StateAnswer>; collections: string[] | null }>({
    max: ANSWERS_KEPT,
    ttl: KEEP_MS,
  });
  let pausedUntil = 0;
  const stopListening = contentChanges.listen((changed) => {
    for (const [key, { collections }] of answers.entries())
      if (!changed || !collections || collections.some((collection) => changed.includes(collection)))
        answers.delete(key);
  });

  /** The source's answer for a path and a state ('' = the bare path), shared by concurrent requests. */
  function ask(source: string, pathname: string, state: string): Promise<StateAnswer> {
    const search = new URLSearchParams(state);
    search.set('path', pathname);
    const key = `${source}?${search}`;
    const kept = answers.get(key);
    if (kept) return kept.answer;
    const entry: { answer: Promise<StateAnswer>; collections: string[] | null } = {
      answer: fetch(`${cmsInternalUrl}${source}?${search}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(ASK_TIMEOUT_MS),
      }).then(async (response) => {
        if (!response.ok) throw new Error(`the CMS answered ${response.status} for ${source}`);
        const body: unknown = await response.json();
        if (!isStateAnswer(body)) throw new Error(`the CMS's answer for ${source} is not a query state`);
        entry.collections = body.collections;
        return body;
      }),
      collections: null,
    };
    answers.set(key, entry);
    // A failed ask is not kept: the next request (after the pause) asks again.
    entry.answer.catch(() => {
      if (answers.get(key) === entry) answers.delete(key);
    });
    return entry.answer;
  }

  /** The canonical search of a state-sourced page, or null when the CMS could not say. */
  async function heldSearch(
    source: string,
    pathname: string,
    search: string,
    route: PageRoute,
  ): Promise<string | null> {
    if (Date.now() < pausedUntil) return null;
    const { query } = pageQueryAt(route, pathname);
    try {
      const atPath = await ask(source, pathname, '');
      // First the values the path holds; then, for a page number, the total of the state that is left.
      const kept = canonicalHeldSearch(search, query, { values: atPath.values });
      const paged = query.some(
        (declared) =>
          typeof declared !== 'string' && declared.kind === 'page' && new URLSearchParams(kept).has(declared.name),
      );
      if (!paged) return kept;
      const state = queryStateSearch(kept, query);
      const total = state === '' ? atPath.total : (await ask(source, pathname, state)).total;
      return canonicalHeldSearch(kept, query, { values: atPath.values, total });
    } catch (error) {
      pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      log.warn({ err: error, source, pathname }, 'the page state source did not answer: the query is taken as asked');
      return null;
    }
  }

  return {
    async cacheUrlOrRedirect(reply, url, pathname, route) {
      // What the declaration decides, then what the state source does: one redirect to the end of both.
      let canonical = canonicalPageUrl(url, pathname, route) ?? url;
      if (route && route.rendering !== 'browser') {
        const search = canonical.slice(pathname.length);
        const { query, stateSource } = pageQueryAt(route, pathname);
        if (stateSource && needsQueryState(search, query)) {
          const held = await heldSearch(stateSource, pathname, search, route);
          if (held !== null) canonical = pathname + held;
        }
      }
      if (canonical === url) return url;
      void reply.code(301).header('cache-control', 'no-cache').redirect(canonical, 301);
      return null;
    },
    close: stopListening,
  };
}
