import type { AppBus } from '../bus/create-bus';
import type {
  ContentClient,
  ContentReadOptions,
  ContentRequestOptions,
  StrapiList,
  StrapiSingle,
} from './content-types';
import type { ApiErrorBody } from '@steel/contract';
import { ApiError, isAbortError, isConnectionFailure, normaliseApiError } from '@steel/shared/remote-core';

export { ApiError, normaliseApiError, isAbortError, isConnectionFailure, type ApiErrorBody };

export type * from './content-types';

export interface ContentClientOptions {
  /** Includes the `/api` prefix. */
  baseUrl: string;
  getToken: () => string | null;
  /** Every failure is emitted as `api:error` here. */
  bus?: AppBus;
  /** Defaults to the global fetch (looked up at call time). */
  fetch?: typeof fetch;
  /**
   * Called when a request that carried `token` was answered 401: the CMS no longer accepts it
   * (expired, revoked, the account deleted). The shell ends the session there (a 401 from
   * the CMS anywhere clears the session). Requests sent without a token never call it.
   */
  onUnauthorized?: (token: string) => void;
  /**
   * Access tokens live minutes (docs/behaviour.md, "Session cookies"): a 401 to a request that carried `token`
   * first asks for a fresh one here and sends the request once more with it. `null` = the session
   * is over (then `onUnauthorized`); a throw = the refresh could not be asked (CMS unreachable):
   * the request fails with its 401 and the session is kept.
   */
  refreshToken?: (failedToken: string) => Promise<string | null>;
}

/** qs (with object-inspect) is loaded by the first request that has a query, not with the page's first script. */
let qsLoaded: Promise<typeof import('qs')> | null = null;

/** Bracket-style query string, values encoded, keys not (docs/behaviour.md, "HTTP clients"). No leading `?`. */
export async function serialiseQuery(query: Record<string, unknown> | undefined): Promise<string> {
  if (!query) return '';
  const { stringify } = await (qsLoaded ??= import('qs'));
  return stringify(query, { encodeValuesOnly: true });
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body)
  );
}

function joinUrl(baseUrl: string, path: string, query: string): string {
  const url = /^https?:\/\//i.test(path) ? path : `${baseUrl}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/**
 * The content-backend (Strapi 5 REST) client. **No retries**: a content call either succeeds or
 * fails once, with an `ApiError` carrying the normalised Strapi error body, announced on the bus.
 */
export function createContentClient(options: ContentClientOptions): ContentClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { bus, getToken } = options;
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const fail = (body: ApiErrorBody, cause: unknown): never => {
    bus?.emit('api:error', body);
    throw new ApiError(body, { cause });
  };

  /** Asks for a fresh access token after a 401; undefined = no answer (the CMS could not be asked). */
  async function refreshAfter401(token: string): Promise<string | null | undefined> {
    if (!options.refreshToken) return null;
    try {
      return await options.refreshToken(token);
    } catch {
      return undefined;
    }
  }

  async function request<T>(path: string, requestOptions: ContentRequestOptions = {}, retryToken?: string): Promise<T> {
    const { query, body, signal, credentials, auth = true } = requestOptions;
    const method = requestOptions.method ?? (body === undefined ? 'GET' : 'POST');
    const url = joinUrl(baseUrl, path, await serialiseQuery(query));

    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = auth ? (retryToken ?? getToken()) : null;
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body !== undefined) {
      if (isRawBody(body)) {
        payload = body;
      } else {
        payload = JSON.stringify(body);
        headers['Content-Type'] = 'application/json';
      }
    }
    Object.assign(headers, requestOptions.headers);

    const init: RequestInit = { method, headers };
    if (payload !== undefined) init.body = payload;
    if (signal) init.signal = signal;
    if (credentials) init.credentials = credentials;

    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, init);
      text = await response.text();
    } catch (error) {
      if (isAbortError(error, signal)) throw error;
      // Network failure (fetch rejects with a TypeError), CORS, body stream error…
      return fail(normaliseApiError(error, 500), error);
    }

    let parsed: unknown = undefined;
    let parseError: unknown = undefined;
    if (text !== '') {
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        parseError = error;
      }
    }

    if (!response.ok) {
      if (response.status === 401 && token) {
        // One refresh, one retry: a second 401 with a fresh token means the session is over.
        const fresh = retryToken === undefined ? await refreshAfter401(token) : null;
        if (fresh) return request<T>(path, requestOptions, fresh);
        if (fresh === null) options.onUnauthorized?.(token);
      }
      if (parsed !== undefined && parseError === undefined) {
        return fail(normaliseApiError(parsed, response.status), parsed);
      }
      // No parsable body (HTML 502 from a proxy, empty 503…).
      const message = `Request failed with status ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
      const details = parseError ?? new Error(message);
      return fail(
        { data: null, error: { status: response.status || 500, name: 'UnknownError', message, details } },
        details,
      );
    }

    if (parseError !== undefined) {
      // A 200 that is not JSON (e.g. an SPA fallback page): unusable, so a failure too.
      return fail(normaliseApiError(parseError, 500), parseError);
    }
    return parsed as T;
  }

  const entry = (collection: string, documentId: string) => `/${collection}/${encodeURIComponent(documentId)}`;

  return {
    baseUrl,
    request,
    find: <T>(collection: string, query?: Record<string, unknown>, opts?: ContentReadOptions) =>
      request<StrapiList<T>>(`/${collection}`, { ...opts, ...(query ? { query } : {}) }),
    findOne: <T>(collection: string, documentId: string, query?: Record<string, unknown>, opts?: ContentReadOptions) =>
      request<StrapiSingle<T>>(entry(collection, documentId), { ...opts, ...(query ? { query } : {}) }),
    create: <T>(collection: string, data: unknown, opts?: ContentReadOptions) =>
      request<StrapiSingle<T>>(`/${collection}`, { ...opts, method: 'POST', body: { data } }),
    update: <T>(collection: string, documentId: string, data: unknown, opts?: ContentReadOptions) =>
      request<StrapiSingle<T>>(entry(collection, documentId), { ...opts, method: 'PUT', body: { data } }),
    delete: async (collection: string, documentId: string, opts?: ContentReadOptions) => {
      await request<unknown>(entry(collection, documentId), { ...opts, method: 'DELETE' });
    },
  };
}
