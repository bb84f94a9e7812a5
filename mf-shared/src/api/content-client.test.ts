import { createBus } from '../bus/create-bus';
import type { ApiErrorBody } from '@steel/contract/events';
import { jsonResponse, rejectionOf, requestUrl } from '../testing';
import { ApiError, createContentClient, normaliseApiError } from './content-client';

type Call = { url: string; init: RequestInit };

function fakeFetch(...responses: Array<Response | Error>) {
  const calls: Call[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: requestUrl(input), init: init ?? {} });
    const next = responses.length > 1 ? responses.shift() : responses[0];
    if (next === undefined) throw new Error('no response queued');
    if (next instanceof Error) throw next;
    return next;
  });
  return { fetch: fn as unknown as typeof fetch, calls, fn };
}

function setup(responses: Array<Response | Error>, token: string | null = null) {
  const bus = createBus();
  const errors: ApiErrorBody[] = [];
  bus.on('api:error', (e) => errors.push(e));
  const f = fakeFetch(...responses);
  const client = createContentClient({
    baseUrl: 'https://cms.example.ir/api/',
    getToken: () => token,
    bus,
    fetch: f.fetch,
  });
  return { client, bus, errors, ...f };
}

const strapiError: ApiErrorBody = {
  data: null,
  error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password', details: {} },
};

describe('createContentClient', () => {
  it('serialises the query in bracket style (values encoded, keys not)', async () => {
    const { client, calls } = setup([jsonResponse({ data: [], meta: {} })]);
    await client.find('products', {
      filters: { slug: { $eq: 'میلگرد a&b' } },
      populate: ['category', 'factory'],
      pagination: { page: 2, pageSize: 10 },
    });
    expect(calls[0]?.url).toBe(
      'https://cms.example.ir/api/products?filters[slug][$eq]=%D9%85%DB%8C%D9%84%DA%AF%D8%B1%D8%AF%20a%26b' +
        '&populate[0]=category&populate[1]=factory&pagination[page]=2&pagination[pageSize]=10',
    );
    expect(calls[0]?.init.method).toBe('GET');
  });

  it('produces exactly filters[slug][$eq]=x&populate[0]=category', async () => {
    const { client, calls } = setup([jsonResponse({ data: [], meta: {} })]);
    await client.request('/products', { query: { filters: { slug: { $eq: 'x' } }, populate: ['category'] } });
    expect(calls[0]?.url).toBe('https://cms.example.ir/api/products?filters[slug][$eq]=x&populate[0]=category');
  });

  it('returns the parsed list and single responses', async () => {
    const list = {
      data: [{ id: 1, documentId: 'a1' }],
      meta: { pagination: { page: 1, pageSize: 25, pageCount: 1, total: 1 } },
    };
    const { client, calls } = setup([
      jsonResponse(list),
      jsonResponse({ data: { id: 1, documentId: 'a1' }, meta: {} }),
    ]);
    await expect(client.find('articles')).resolves.toEqual(list);
    await expect(client.findOne('articles', 'a1', { populate: '*' })).resolves.toEqual({
      data: { id: 1, documentId: 'a1' },
      meta: {},
    });
    expect(calls[1]?.url).toBe('https://cms.example.ir/api/articles/a1?populate=%2A');
  });

  it('sends Authorization: Bearer <token> only when a token exists', async () => {
    const withToken = setup([jsonResponse({ data: [] })], 'jwt-123');
    await withToken.client.find('orders');
    expect((withToken.calls[0]?.init.headers as Record<string, string>).Authorization).toBe('Bearer jwt-123');

    const without = setup([jsonResponse({ data: [] })], null);
    await without.client.find('orders');
    expect(without.calls[0]?.init.headers as Record<string, string>).not.toHaveProperty('Authorization');

    const optedOut = setup([jsonResponse({})], 'jwt-123');
    await optedOut.client.request('/auth/local', { method: 'POST', body: {}, auth: false });
    expect(optedOut.calls[0]?.init.headers as Record<string, string>).not.toHaveProperty('Authorization');
  });

  it('sends JSON bodies with Content-Type: application/json, wrapped in { data } for create/update', async () => {
    const { client, calls } = setup([jsonResponse({ data: { id: 5 } })]);
    await client.create('tickets', { subject: 'سلام' });
    await client.update('tickets', 'doc-5', { subject: 'x' });
    expect(calls[0]?.url).toBe('https://cms.example.ir/api/tickets');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe(JSON.stringify({ data: { subject: 'سلام' } }));
    expect((calls[0]?.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(calls[1]?.url).toBe('https://cms.example.ir/api/tickets/doc-5');
    expect(calls[1]?.init.method).toBe('PUT');
  });

  it('deletes with DELETE and resolves undefined on 204', async () => {
    const { client, calls } = setup([jsonResponse(undefined, { status: 204 })]);
    await expect(client.delete('watch-items', 'w1')).resolves.toBeUndefined();
    expect(calls[0]?.init.method).toBe('DELETE');
    expect(calls[0]?.url).toBe('https://cms.example.ir/api/watch-items/w1');
  });

  it('does not retry a 500 and throws the server error body', async () => {
    const body: ApiErrorBody = {
      data: null,
      error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} },
    };
    const { client, fn, errors } = setup([jsonResponse(body, { status: 500 })]);
    const error = await rejectionOf(client.find('products'));
    expect(fn).toHaveBeenCalledTimes(1);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect((error as ApiError).body).toEqual(body);
    expect(errors).toEqual([body]);
  });

  it('throws a 4xx Strapi error as an ApiError that is also the body', async () => {
    const { client, errors } = setup([jsonResponse(strapiError, { status: 400 })]);
    const error = (await rejectionOf(client.request('/auth/local', { method: 'POST', body: {} }))) as ApiError;
    expect(error.status).toBe(400);
    expect(error.name).toBe('ValidationError');
    expect(error.message).toBe('Invalid identifier or password');
    expect(error.details).toEqual({});
    expect(error.data).toBeNull();
    expect(error.error).toEqual(strapiError.error);
    expect(error.body).toEqual(strapiError);
    expect(errors).toEqual([strapiError]);
  });

  it('normalises a network failure to UnknownError 500, emits api:error, no retry', async () => {
    const failure = new TypeError('Failed to fetch');
    const { client, fn, errors } = setup([failure]);
    const error = (await rejectionOf(client.find('products'))) as ApiError;
    expect(fn).toHaveBeenCalledTimes(1);
    expect(error.body).toEqual({
      data: null,
      error: { status: 500, name: 'UnknownError', message: 'Failed to fetch', details: failure },
    });
    expect(errors).toHaveLength(1);
    expect(errors[0]?.error.name).toBe('UnknownError');
  });

  it('normalises an HTML 502 to UnknownError with the HTTP status', async () => {
    const { client, fn, errors } = setup([
      jsonResponse('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    ]);
    const error = (await rejectionOf(client.find('products'))) as ApiError;
    expect(fn).toHaveBeenCalledTimes(1);
    expect(error.body.error).toMatchObject({
      status: 502,
      name: 'UnknownError',
      message: 'Request failed with status 502 Bad Gateway',
    });
    expect(error.body.error.details).toBeInstanceOf(SyntaxError);
    expect(errors).toHaveLength(1);
  });

  it('accepts the old v3 error shape from the server', async () => {
    const { client } = setup([
      jsonResponse({ statusCode: 500, error: 'UnknownError', message: 'boom' }, { status: 500 }),
    ]);
    const error = (await rejectionOf(client.find('x'))) as ApiError;
    expect(error.body).toEqual({
      data: null,
      error: { status: 500, name: 'UnknownError', message: 'boom', details: {} },
    });
  });

  it('rethrows an abort as-is, without api:error', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    const { client, errors } = setup([abort]);
    const error = await rejectionOf(client.find('products', undefined, { signal: controller.signal }));
    expect(error).toBe(abort);
    expect(errors).toEqual([]);
  });

  it('passes credentials through and appends to a path that has its own query', async () => {
    const { client, calls } = setup([jsonResponse({})]);
    await client.request('/auth/google/callback?access_token=abc', { credentials: 'include', query: { x: 1 } });
    expect(calls[0]?.url).toBe('https://cms.example.ir/api/auth/google/callback?access_token=abc&x=1');
    expect(calls[0]?.init.credentials).toBe('include');
  });
});

describe('a 401 to a request that carried a token', () => {
  const unauthorized = {
    data: null,
    error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} },
  };

  it('calls onUnauthorized with that token, then throws as usual', async () => {
    const onUnauthorized = jest.fn();
    const f = fakeFetch(jsonResponse(unauthorized, { status: 401 }));
    const client = createContentClient({
      baseUrl: 'https://cms.example.ir/api',
      getToken: () => 'stale.jwt',
      fetch: f.fetch,
      onUnauthorized,
    });
    const error = await rejectionOf(client.find('orders'));
    expect(error).toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledWith('stale.jwt');
  });

  it('with a refresher: one refresh, then the same request again with the fresh token', async () => {
    const onUnauthorized = jest.fn();
    const refreshToken = jest.fn(async () => 'fresh.jwt');
    const f = fakeFetch(jsonResponse(unauthorized, { status: 401 }), jsonResponse({ data: [], meta: {} }));
    const client = createContentClient({
      baseUrl: 'https://cms.example.ir/api',
      getToken: () => 'stale.jwt',
      fetch: f.fetch,
      onUnauthorized,
      refreshToken,
    });
    await expect(client.create('orders', { qty: 1 })).resolves.toEqual({ data: [], meta: {} });
    expect(refreshToken).toHaveBeenCalledWith('stale.jwt');
    expect(f.calls.map((call) => (call.init.headers as Record<string, string>).Authorization)).toEqual([
      'Bearer stale.jwt',
      'Bearer fresh.jwt',
    ]);
    expect(f.calls[1]?.init.body).toBe(JSON.stringify({ data: { qty: 1 } }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a refused refresh ends the session; a 401 to the fresh token too, without a second refresh', async () => {
    const onUnauthorized = jest.fn();
    const ended = fakeFetch(jsonResponse(unauthorized, { status: 401 }));
    const client = createContentClient({
      baseUrl: 'https://cms.example.ir/api',
      getToken: () => 'stale.jwt',
      fetch: ended.fetch,
      onUnauthorized,
      refreshToken: async () => null,
    });
    await expect(rejectionOf(client.find('orders'))).resolves.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledWith('stale.jwt');

    const refreshToken = jest.fn(async () => 'fresh.jwt');
    const twice = fakeFetch(jsonResponse(unauthorized, { status: 401 }));
    const again = createContentClient({
      baseUrl: 'https://cms.example.ir/api',
      getToken: () => 'stale.jwt',
      fetch: twice.fetch,
      onUnauthorized,
      refreshToken,
    });
    await rejectionOf(again.find('orders'));
    expect(refreshToken).toHaveBeenCalledTimes(1);
    expect(twice.calls).toHaveLength(2);
    expect(onUnauthorized).toHaveBeenLastCalledWith('fresh.jwt');
  });

  it('a refresh that cannot be asked (CMS down) fails the request but keeps the session', async () => {
    const onUnauthorized = jest.fn();
    const f = fakeFetch(jsonResponse(unauthorized, { status: 401 }));
    const client = createContentClient({
      baseUrl: 'https://cms.example.ir/api',
      getToken: () => 'stale.jwt',
      fetch: f.fetch,
      onUnauthorized,
      refreshToken: async () => Promise.reject(new Error('offline')),
    });
    const error = await rejectionOf(client.find('orders'));
    expect((error as ApiError).status).toBe(401);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('not for a request sent without a token, nor for other failures', async () => {
    const onUnauthorized = jest.fn();
    const f = fakeFetch(
      jsonResponse(unauthorized, { status: 401 }),
      jsonResponse(strapiError, { status: 400 }),
      jsonResponse(unauthorized, { status: 403 }),
    );
    const client = createContentClient({
      baseUrl: 'https://cms.example.ir/api',
      getToken: () => 'jwt',
      fetch: f.fetch,
      onUnauthorized,
    });
    await rejectionOf(client.request('/auth/local', { method: 'POST', body: {}, auth: false }));
    await rejectionOf(client.find('orders'));
    await rejectionOf(client.find('orders'));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });
});

describe('normaliseApiError', () => {
  it('keeps a Strapi v4/v5 body', () => {
    expect(normaliseApiError(strapiError)).toEqual(strapiError);
  });

  it('completes a Strapi body without data or details', () => {
    expect(normaliseApiError({ error: { status: 403, name: 'ForbiddenError', message: 'Forbidden' } })).toEqual({
      data: null,
      error: { status: 403, name: 'ForbiddenError', message: 'Forbidden', details: {} },
    });
  });

  it('accepts the old v3 shape { error, message, statusCode }', () => {
    expect(normaliseApiError({ error: 'UnknownError', message: 'boom', statusCode: 500 })).toEqual({
      data: null,
      error: { status: 500, name: 'UnknownError', message: 'boom', details: {} },
    });
  });

  it('accepts v3 validation messages [{ messages: [{ id, message }] }]', () => {
    const message = [{ messages: [{ id: 'Auth.form.error.invalid', message: 'Identifier or password invalid.' }] }];
    const body = normaliseApiError({ statusCode: 400, error: 'Bad Request', message, data: message });
    expect(body.error).toEqual({
      status: 400,
      name: 'BadRequest',
      message: 'Identifier or password invalid.',
      details: message,
    });
  });

  it('turns an Error into UnknownError 500 with the error as details', () => {
    const error = new Error('socket hang up');
    expect(normaliseApiError(error)).toEqual({
      data: null,
      error: { status: 500, name: 'UnknownError', message: 'socket hang up', details: error },
    });
  });

  it('returns the body of an ApiError', () => {
    expect(normaliseApiError(new ApiError(strapiError))).toBe(strapiError);
  });

  it('handles strings and junk', () => {
    expect(normaliseApiError('nope').error).toMatchObject({ status: 500, name: 'UnknownError', message: 'nope' });
    expect(normaliseApiError(undefined).error).toMatchObject({
      status: 500,
      name: 'UnknownError',
      message: 'Unknown error',
    });
  });
});
