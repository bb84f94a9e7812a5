import { act, fireEvent, render, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import { MemoryRouter } from 'react-router';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { defaultRuntimeConfig } from '../contracts/runtime-config';
import { RemoteProviders } from '../remote/remote-providers';
import { createFakeShellContext } from '../testing';
import { useShell } from '../ui/shell-context';
import type { PageDefinition } from './page-definition';
import { PageRoutes } from './page-routes';

/** What the fake CMS does with each request, in order; the last repeats. */
type Answer = 'ok' | '5xx' | '404' | 'hang';
let answers: Answer[] = [];
let requests = 0;
/** Each request's signal, as a fetch would get it. */
let signals: AbortSignal[] = [];

const rulesQuery = queryOptions({
  queryKey: ['static-pages', 'rules'],
  queryFn: ({ signal }) => {
    const answer = answers[Math.min(requests, answers.length - 1)];
    requests += 1;
    signals.push(signal);
    if (answer === 'ok') return Promise.resolve('قوانین و مقررات');
    if (answer === 'hang') return new Promise<string>(() => undefined);
    const status = answer === '5xx' ? 503 : 404;
    return Promise.reject(new ApiError({ data: null, error: { status, name: 'Error', message: String(status) } }));
  },
});

const rulesPage: PageDefinition = {
  path: '/rules',
  data: () => [rulesQuery],
  head: () => ({ title: 'قوانین' }),
  Page: function Rules() {
    const { data } = useSuspenseQuery(rulesQuery);
    return <h1>{data}</h1>;
  },
};

function renderRules() {
  const context = createFakeShellContext({ config: { ...defaultRuntimeConfig, pageDataTimeoutMs: 1000 } });
  const bar: string[] = [];
  const fatal: unknown[] = [];
  context.bus.on('page:loading:start', () => bar.push('start'));
  context.bus.on('page:loading:end', (payload) => bar.push(payload.error ? 'end:error' : 'end'));
  context.bus.on('app:error', (error) => fatal.push(error));
  render(
    <RemoteProviders app="catalogue" context={context}>
      <MemoryRouter initialEntries={['/rules']}>
        <PageRoutes pages={[rulesPage]} />
      </MemoryRouter>
    </RemoteProviders>,
  );
  return { bar, fatal, context };
}

describe("a page's data on client navigation", () => {
  beforeEach(() => {
    requests = 0;
    signals = [];
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('a CMS answering 5xx: one retry in place, then an in-layout error whose retry works — never the fatal page', async () => {
    answers = ['5xx', '5xx', 'ok'];
    const { bar, fatal } = renderRules();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('اطلاعات این صفحه دریافت نشد');
    expect(requests).toBe(2);
    expect(fatal).toEqual([]);
    // The loading bar finished, red.
    expect(bar).toEqual(['start', 'end:error']);

    const retry = screen.getByRole('button', { name: 'تلاش مجدد' });
    retry.focus();
    expect(retry).toHaveFocus();
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('قوانین و مقررات');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests).toBe(3);
  });

  it('a stalled CMS: each request has a time limit, so the error comes after two of them, never an endless wait', async () => {
    answers = ['hang'];
    const { bar } = renderRules();
    expect(screen.getByRole('status')).toHaveTextContent('در حال بارگذاری');
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(requests).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(bar).toEqual(['start', 'end:error']);
    // Both late requests were aborted, not left open.
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true]);
    expect(signals[0]?.reason).toMatchObject({ name: 'LoadTimeoutError', timeoutMs: 1000 });
  });

  it('a refusal that asking again cannot change (404) is not retried', async () => {
    answers = ['404'];
    renderRules();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(requests).toBe(1);
  });

  it('a late answer within the retry is taken, with the bar finishing normally', async () => {
    answers = ['hang', 'ok'];
    const { bar } = renderRules();
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('قوانین و مقررات');
    expect(bar).toEqual(['start', 'end']);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
  });

  it('a bug in a page is still the remote boundary’s business (reported fatal), not a data error', () => {
    answers = ['ok'];
    const context = createFakeShellContext();
    const fatal: unknown[] = [];
    context.bus.on('app:error', (error) => fatal.push(error));
    const broken: PageDefinition = {
      path: '/broken',
      head: () => ({ title: 'x' }),
      Page: function Broken() {
        useShell();
        throw new Error('a bug');
      },
    };
    render(
      <RemoteProviders app="catalogue" context={context}>
        <MemoryRouter initialEntries={['/broken']}>
          <PageRoutes pages={[broken]} />
        </MemoryRouter>
      </RemoteProviders>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fatal).toEqual([expect.objectContaining({ fatal: true, message: 'a bug' })]);
  });
});
