/**
 * What one request carries to the work done on its behalf, without passing it through every call:
 * its id (sent to the CMS as `x-request-id`, so the CMS's lines and ours can be matched), and
 * where that work is reported — each CMS call (its latency and outcome, for the metrics) and each
 * deploy action recorded (one log line and a count). Kept in an AsyncLocalStorage, so a render
 * worker thread and the main thread use the same code: the worker runs the render in a context of
 * its own and hands the calls back with the render's outcome.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** One call to the CMS: how long it took and whether the CMS answered it. */
export interface CmsCall {
  seconds: number;
  /** `ok`: the CMS answered (a 404 is an answer); `error`: it failed (5xx, no connection); `aborted`: given up. */
  outcome: 'ok' | 'error' | 'aborted';
}

/** A deploy action as its release-log line records it (release/release-log.ts). */
export interface DeployEvent {
  action: string;
  app: string;
  version: string;
  previous: string | null;
  gate: string;
  forced: string | null;
  /** Who asked: the deploy key's name, `health monitor`, or the OS user. */
  by: string;
}

export interface RequestContext {
  requestId?: string;
  onCmsCall?: (call: CmsCall) => void;
  onDeployEvent?: (event: DeployEvent) => void;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (and everything it starts) in `context`. */
export function runInContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

/** The context of the work running now; an empty one outside any request. */
export function currentContext(): RequestContext {
  return storage.getStore() ?? {};
}

/** nginx's `$request_id` (32 hex), a UUID, or any short id of letters, digits and `._:-`. */
const WELL_FORMED_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * The request's id: the one the proxy in front sent when it is well formed (a header is the
 * client's to write, so nothing else of it reaches a log line), a new UUID otherwise.
 */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && WELL_FORMED_ID.test(header) ? header : randomUUID();
}

/** Every request in `app` runs in a context of its own, made by `contextOf`; its id goes back as `x-request-id`. */
export function runRequestsInContext(
  app: FastifyInstance,
  contextOf: (request: FastifyRequest) => RequestContext,
): void {
  const contexts = new WeakMap<FastifyRequest, RequestContext>();
  app.addHook('onRequest', (request, reply, done) => {
    const context = contextOf(request);
    contexts.set(request, context);
    reply.header(REQUEST_ID_HEADER, request.id);
    runInContext(context, done);
  });
  // A body is read in its stream's callbacks, outside the context: the handler is entered in it again.
  app.addHook('preValidation', (request, _reply, done) => {
    const context = contexts.get(request);
    if (context) runInContext(context, done);
    else done();
  });
}
