import type { AppBus } from '../bus/create-bus';
import { isAbortError, normaliseApiError } from '@steel/shared/remote-core';

/** Statuses worth one more try for a read (docs/behaviour.md, "HTTP clients"). */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];

/** Only reads are retried; writes (POST/PUT/PATCH/DELETE) never are. */
const READ_METHODS = new Set(['GET', 'HEAD']);
const READ_RETRIES = 1;

/** A failed call to the app server (or a file it serves, the live set's stamp). `status` is null for a network failure. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number | null;
  readonly url: string;
  /** The response body: parsed JSON when it was JSON, otherwise the text (absent on network failure). */
  readonly body?: unknown;

  constructor(message: string, init: { status: number | null; url: string; body?: unknown; cause?: unknown }) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.url = init.url;
    if (init.body !== undefined) this.body = init.body;
  }
}

export type AppFetchInit = RequestInit & {
  /** Sent as JSON with `Content-Type: application/json`; the method then defaults to POST. */
  json?: unknown;
  /** How to read a successful response (default 'json'; an empty body gives `undefined`). */
  responseType?: 'json' | 'text';
};

export type AppFetch = <T = unknown>(url: string, init?: AppFetchInit) => Promise<T>;

export interface AppFetchOptions {
  /** Defaults to the global fetch (looked up at call time). */
  fetch?: typeof fetch;
  /** When given, a final failure (not an abort) is emitted as `api:error` (normalised). */
  bus?: AppBus;
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * fetch for the app server (`/api/auth`, `/remotes.json`, `/builds/latest.json`, …):
 * one immediate retry for a read on 408/409/425/429/5xx-gateway or a network error; none for
 * writes; an abort is rethrown as-is and never retried. Failures throw `HttpError`.
 */
export function createAppFetch(options: AppFetchOptions = {}): AppFetch {
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { bus } = options;

  const fail = (error: HttpError): never => {
    bus?.emit('api:error', normaliseApiError(error, error.status ?? 500));
    throw error;
  };

  return async function appFetch<T = unknown>(url: string, init: AppFetchInit = {}): Promise<T> {
    const { json, responseType = 'json', ...requestInit } = init;
    const method = (requestInit.method ?? (json === undefined ? 'GET' : 'POST')).toUpperCase();
    const headers = new Headers(requestInit.headers);
    if (json !== undefined) {
      requestInit.body = JSON.stringify(json);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    if (!headers.has('Accept') && responseType === 'json') headers.set('Accept', 'application/json');
    const finalInit: RequestInit = { ...requestInit, method, headers };
    const retries = READ_METHODS.has(method) ? READ_RETRIES : 0;
    const signal = requestInit.signal ?? undefined;

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, finalInit);
      } catch (error) {
        if (isAbortError(error, signal)) throw error;
        // fetch rejects with a TypeError on a network failure (DNS, refused, CORS, offline).
        if (error instanceof TypeError && attempt < retries) continue;
        return fail(
          new HttpError(error instanceof Error ? error.message : String(error), { status: null, url, cause: error }),
        );
      }

      if (!response.ok) {
        if (RETRY_STATUSES.includes(response.status) && attempt < retries && !signal?.aborted) continue;
        let body: unknown;
        try {
          body = parseBody(await response.text());
        } catch {
          body = undefined;
        }
        const statusText = response.statusText ? ` ${response.statusText}` : '';
        return fail(
          new HttpError(`${method} ${url} failed with status ${response.status}${statusText}`, {
            status: response.status,
            url,
            body,
          }),
        );
      }

      if (method === 'HEAD' || response.status === 204) return undefined as T;
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        if (isAbortError(error, signal)) throw error;
        return fail(
          new HttpError(error instanceof Error ? error.message : String(error), {
            status: response.status,
            url,
            cause: error,
          }),
        );
      }
      if (responseType === 'text') return text as T;
      if (text === '') return undefined as T;
      try {
        return JSON.parse(text) as T;
      } catch (error) {
        return fail(
          new HttpError(`${method} ${url}: the response is not JSON`, {
            status: response.status,
            url,
            body: text,
            cause: error,
          }),
        );
      }
    }
  };
}
