import type { Page, Request } from '@playwright/test';

const STREAMS = new Set(['eventsource', 'websocket']);

/**
 * Resolves once the page has had no request in flight for `quietMs` after at least one started
 * (`waitForLoadState('networkidle')` returns at once when the page was idle before, as it is after
 * a client navigation). Create it before the action that starts the requests. With
 * `noneStartedMs`, it also resolves when no request has started that long after it was created.
 * A stream that stays open (the release push, an EventSource) is not a request in flight.
 */
export function networkQuiet(page: Page, quietMs: number, { noneStartedMs = Infinity } = {}): Promise<void> {
  let inFlight = 0;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  return new Promise((resolve) => {
    const stopListening = () => {
      page.off('request', onRequest);
      page.off('requestfinished', done);
      page.off('requestfailed', done);
    };
    const finish = () => {
      clearTimeout(timer);
      stopListening();
      resolve();
    };
    const settle = () => {
      clearTimeout(timer);
      if (started && inFlight === 0) timer = setTimeout(finish, quietMs);
    };
    const onRequest = (request: Request) => {
      if (STREAMS.has(request.resourceType())) return;
      started = true;
      inFlight++;
      clearTimeout(timer);
    };
    const done = (request: Request) => {
      if (STREAMS.has(request.resourceType())) return;
      inFlight = Math.max(0, inFlight - 1);
      settle();
    };
    page.on('request', onRequest);
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    if (Number.isFinite(noneStartedMs)) timer = setTimeout(() => !started && finish(), noneStartedMs);
  });
}
