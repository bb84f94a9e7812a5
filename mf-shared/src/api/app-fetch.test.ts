import { createBus } from '../bus/create-bus';
import type { ApiErrorBody } from '@steel/contract/events';
import { jsonResponse, rejectionOf, requestUrl } from '../testing';
import { createAppFetch, HttpError, RETRY_STATUSES } from './app-fetch';

function fakeFetch(...responses: Array<Response | Error | (() => Response)>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: requestUrl(input), init: init ?? {} });
    const next = responses.length > 1 ? responses.shift() : responses[0];
    if (next === undefined) throw new Error('no response queued');
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next() : next;
  });
  return { fetch: fn as unknown as typeof fetch, fn, calls };
}

describe('createAppFetch', () => {
  it('lists the retryable statuses', () => {
    expect([...RETRY_STATUSES]).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it('parses JSON of a successful read', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse({ id: 'b1', timestamp: 1 }));
    await expect(createAppFetch({ fetch })('/builds/latest.json', { cache: 'no-store' })).resolves.toEqual({
      id: 'b1',
      timestamp: 1,
    });
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.cache).toBe('no-store');
  });

  it.each(RETRY_STATUSES.map((status) => [status]))('retries a GET once on %i, then succeeds', async (status) => {
    const { fetch, fn } = fakeFetch(jsonResponse({ error: 'x' }, { status }), jsonResponse({ ok: true }));
    await expect(createAppFetch({ fetch })('/remotes.json')).resolves.toEqual({ ok: true });
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('retries a GET only once: a second failure throws HttpError with status, url and body', async () => {
    const { fetch, fn } = fakeFetch(() =>
      jsonResponse({ message: 'down' }, { status: 503, statusText: 'Service Unavailable' }),
    );
    const error = (await rejectionOf(createAppFetch({ fetch })('/api/auth'))) as HttpError;
    expect(fn).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(Error);
    expect(error.status).toBe(503);
    expect(error.url).toBe('/api/auth');
    expect(error.body).toEqual({ message: 'down' });
  });

  it('retries a HEAD once', async () => {
    const { fetch, fn } = fakeFetch(jsonResponse(undefined, { status: 502 }), jsonResponse(undefined, { status: 200 }));
    await expect(createAppFetch({ fetch })('/x', { method: 'HEAD' })).resolves.toBeUndefined();
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('retries a GET once on a network error (TypeError), status null when it persists', async () => {
    const { fetch, fn } = fakeFetch(new TypeError('Failed to fetch'));
    const error = (await rejectionOf(createAppFetch({ fetch })('/remotes.json'))) as HttpError;
    expect(fn).toHaveBeenCalledTimes(2);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBeNull();
    expect(error.message).toBe('Failed to fetch');
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries a %s', async (method) => {
    const { fetch, fn } = fakeFetch(() => jsonResponse({}, { status: 503 }));
    const error = await rejectionOf(createAppFetch({ fetch })('/api/orders', { method }));
    expect(error).toBeInstanceOf(HttpError);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('never retries a write on a network error', async () => {
    const { fetch, fn } = fakeFetch(new TypeError('Failed to fetch'));
    await expect(createAppFetch({ fetch })('/api/orders', { json: { a: 1 } })).rejects.toBeInstanceOf(HttpError);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('does not retry a 404', async () => {
    const { fetch, fn } = fakeFetch(() => jsonResponse('Not found', { status: 404 }));
    const error = (await rejectionOf(createAppFetch({ fetch })('/remotes.json'))) as HttpError;
    expect(fn).toHaveBeenCalledTimes(1);
    expect(error.status).toBe(404);
    expect(error.body).toBe('Not found');
  });

  it('does not retry an abort and rethrows it as-is', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { fetch, fn } = fakeFetch(abort);
    const error = await rejectionOf(createAppFetch({ fetch })('/remotes.json', { signal: controller.signal }));
    expect(error).toBe(abort);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('does not retry an AbortError even without the signal at hand', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { fetch, fn } = fakeFetch(abort);
    await expect(createAppFetch({ fetch })('/x')).rejects.toBe(abort);
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('sends json as a POST with Content-Type: application/json', async () => {
    const { fetch, calls } = fakeFetch(jsonResponse({ id: 1 }));
    await expect(createAppFetch({ fetch })('/api/contact', { json: { name: 'سارا' } })).resolves.toEqual({ id: 1 });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ name: 'سارا' }));
    expect(new Headers(calls[0]?.init.headers).get('Content-Type')).toBe('application/json');
  });

  it('reads text with responseType text', async () => {
    const { fetch } = fakeFetch(jsonResponse('plain body'));
    await expect(createAppFetch({ fetch })('/robots.txt', { responseType: 'text' })).resolves.toBe('plain body');
  });

  it('fails with HttpError when a JSON read answers something else', async () => {
    const { fetch } = fakeFetch(jsonResponse('<!doctype html>'));
    const error = (await rejectionOf(createAppFetch({ fetch })('/remotes.json'))) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(200);
    expect(error.body).toBe('<!doctype html>');
  });

  it('emits the final failure on the bus as api:error (not an abort)', async () => {
    const bus = createBus();
    const errors: ApiErrorBody[] = [];
    bus.on('api:error', (e) => errors.push(e));
    const { fetch } = fakeFetch(() =>
      jsonResponse(
        { data: null, error: { status: 500, name: 'InternalServerError', message: 'boom' } },
        { status: 500 },
      ),
    );
    await expect(createAppFetch({ fetch, bus })('/api/auth')).rejects.toBeInstanceOf(HttpError);
    expect(errors).toEqual([
      { data: null, error: { status: 500, name: 'InternalServerError', message: 'boom', details: {} } },
    ]);

    const aborting = fakeFetch(new DOMException('aborted', 'AbortError'));
    await expect(createAppFetch({ fetch: aborting.fetch, bus })('/x')).rejects.toBeInstanceOf(DOMException);
    expect(errors).toHaveLength(1);
  });
});
