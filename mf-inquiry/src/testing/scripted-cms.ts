import { jsonResponse, requestUrl } from '@steel/shared/testing';

/** One request as the scripted CMS saw it. */
export interface CmsCall {
  method: string;
  /** Path and query after `/api`, decoded. */
  path: string;
  body: unknown;
}

type Answer = { status?: number; body: unknown } | ((call: CmsCall) => { status?: number; body: unknown });

/**
 * A scripted table of CMS answers for component tests (the app's own code runs; only the CMS's
 * replies are written down): answers by `METHOD /path` prefix (the longest that matches), records
 * every call, and answers 404 to one it was not told about (a test then sees what it did not expect).
 * The browser and the e2e tests talk to the real CMS; nothing outside tests imports this.
 */
export function scriptedCms(routes: Record<string, Answer>) {
  const calls: CmsCall[] = [];
  const respond = (url: string, init?: RequestInit): Response => {
    const method = init?.method ?? 'GET';
    const path = decodeURIComponent(new URL(url).pathname.replace(/^\/api/, '') + new URL(url).search);
    const call = { method, path, body: init?.body ? (JSON.parse(init.body as string) as unknown) : undefined };
    calls.push(call);
    const key = Object.keys(routes)
      .filter((route) => `${method} ${path}`.startsWith(route))
      .sort((a, b) => b.length - a.length)[0];
    if (!key)
      return jsonResponse(
        { data: null, error: { status: 404, name: 'NotFoundError', message: `no ${method} ${path}` } },
        { status: 404 },
      );
    const route = routes[key]!;
    const answer = typeof route === 'function' ? route(call) : route;
    return jsonResponse(answer.body, { status: answer.status ?? 200 });
  };
  const fetch: typeof globalThis.fetch = (input, init) => Promise.resolve(respond(requestUrl(input), init));
  /** The calls of one kind: `PUT /inquiry-basket/mine`. */
  const made = (route: string) => calls.filter((call) => `${call.method} ${call.path}`.startsWith(route));
  return { fetch, calls, made, routes };
}

/** A Strapi list answer holding `data`, all on one page. */
export const cmsList = <T>(data: T[]) => ({
  data,
  meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: data.length } },
});
