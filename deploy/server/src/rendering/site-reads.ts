/**
 * The render workers' reads of the CMS. The remotes' server entries make their own content
 * clients on the global fetch, so what the server needs of those reads is added to that fetch,
 * for requests to the CMS's origin only:
 *
 * - The CMS counts anonymous reads per address (its public-reads middleware), and every read of
 *   this server comes from one address: the server's own reads carry SITE_READ_SECRET in
 *   `X-Site-Read` so the CMS does not count them. Visitors' renders are bounded here instead
 *   (page cache, canonical query, renders per client per minute).
 * - A render knows whether it is waiting for the CMS (`trackCmsReads`): past its time limit, a
 *   page whose data is all that is missing may wait a little longer, and a page given up on
 *   aborts its reads, so a stalled CMS keeps no connection of ours open.
 * - A read made for a request carries that request's id (`x-request-id`) and is reported, with
 *   its latency and outcome, to the request's context (observability/request-context.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type CmsCall, currentContext, REQUEST_ID_HEADER } from '../observability/request-context';

export const SITE_READ_HEADER = 'x-site-read';

/** One render's reads of the CMS. */
export interface CmsReads {
  /** Reads under way. */
  readonly pending: number;
  /** Runs the render: the CMS reads it makes are counted here and end with `abort`. */
  run<T>(render: () => Promise<T>): Promise<T>;
  /** Aborts the reads still under way, and any it makes later. */
  abort(): void;
}

const currentRender = new AsyncLocalStorage<{ pending: number; signal: AbortSignal }>();

export function trackCmsReads(): CmsReads {
  const controller = new AbortController();
  const scope = { pending: 0, signal: controller.signal };
  return {
    get pending() {
      return scope.pending;
    },
    run: (render) => currentRender.run(scope, render),
    abort: () => controller.abort(new Error('the render no longer waits for the CMS')),
  };
}

let installedFor: string | null = null;

export function watchCmsReads(cmsUrl: string, secret: string | null): void {
  const origin = new URL(cmsUrl).origin;
  if (installedFor === origin) return;
  if (installedFor) throw new Error(`site reads already go to ${installedFor}, not ${origin}`);
  installedFor = origin;
  const plainFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    // Writes (never made by a render) go as they are.
    if ((request.method !== 'GET' && request.method !== 'HEAD') || new URL(request.url).origin !== origin)
      return plainFetch(request);
    const headers = new Headers(request.headers);
    if (secret) headers.set(SITE_READ_HEADER, secret);
    const { requestId, onCmsCall } = currentContext();
    if (requestId) headers.set(REQUEST_ID_HEADER, requestId);
    const scope = currentRender.getStore();
    const started = performance.now();
    const report = (outcome: CmsCall['outcome']) =>
      onCmsCall?.({ seconds: (performance.now() - started) / 1000, outcome });
    if (scope) scope.pending += 1;
    try {
      const response = await plainFetch(
        new Request(request, {
          headers,
          ...(scope ? { signal: AbortSignal.any([request.signal, scope.signal]) } : {}),
        }),
      );
      report(response.status >= 500 ? 'error' : 'ok');
      return response;
    } catch (error) {
      report(scope?.signal.aborted || request.signal.aborted ? 'aborted' : 'error');
      throw error;
    } finally {
      if (scope) scope.pending -= 1;
    }
  };
}
