import { jsonResponse } from '@steel/shared/testing';

/** One request as the fake CMS saw it. */
export interface CmsCall {
  method: string;
  /** Path and query after `/api`, decoded. */
  path: string;
  body: unknown;
}

type Answer = { status?: number; body: unknown } | ((call: CmsCall) => { status?: number; body: unknown });

/**
 * A CMS for component tests: answers by `METHOD /path` prefix (the longest that matches), records
 * every call, and answers 404 to one it was not told about (a test then sees what it did not expect).
 */
export function fakeCms(routes: Record<string, Answer>) {
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
  const fetch = (url: string, init?: RequestInit) => Promise.resolve(respond(url, init));
  /** The calls of one kind: `PUT /inquiry-basket/mine`. */
  const made = (route: string) => calls.filter((call) => `${call.method} ${call.path}`.startsWith(route));
  return { fetch, calls, made, routes };
}

export const list = <T>(data: T[]) => ({
  data,
  meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: data.length } },
});
