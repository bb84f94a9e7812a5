import { act, fireEvent, render, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import { Link, MemoryRouter } from 'react-router';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { ApiError } from '../api/api-error';
import { defaultRuntimeConfig } from '@steel/contract/runtime-config';
import { RemoteProviders } from '../remote/remote-providers';
import { createFakeShellContext } from '../testing';
import { useShell } from '../ui/shell-context';
import type { PageDefinition } from './page-definition';
import { withPageDataLoad } from './page-data-load';
import { PageRoutes } from './page-routes';

/**
 * What the fake CMS does with each request, in order; the last repeats. `slow` answers after
 * SLOW_ANSWER_MS, `network` fails at once as a cut connection does.
 */
type Answer = 'ok' | 'slow' | '5xx' | 'network' | '404' | 'hang';
let answers: Answer[] = [];
let requests = 0;
/** Each request's signal, as a fetch would get it. */
let signals: AbortSignal[] = [];
const SLOW_ANSWER_MS = 3000;

const rulesQuery = queryOptions({
  queryKey: ['static-pages', 'rules'],
  queryFn: ({ signal }) => {
    const answer = answers[Math.min(requests, answers.length - 1)];
    requests += 1;
    signals.push(signal);
    if (answer === 'ok') return Promise.resolve('قوانین و مقررات');
    if (answer === 'slow')
      return new Promise<string>((resolve) => setTimeout(() => resolve('قوانین و مقررات'), SLOW_ANSWER_MS));
    if (answer === 'hang') return new Promise<string>(() => undefined);
    if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
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

/** Pages whose data is always there at once: where a navigation starts from, or moves on to. */
const pageAnsweringAtOnce = (path: string, title: string): PageDefinition => {
  const query = queryOptions({ queryKey: ['static-pages', path], queryFn: () => Promise.resolve(title) });
  return {
    path,
    data: () => [query],
    head: () => ({ title }),
    Page: function AtOnce() {
      const { data } = useSuspenseQuery(query);
      return (
        <>
          <h1>{data}</h1>
          <Link to="/rules">قوانین</Link>
          <Link to="/export">صادرات</Link>
        </>
      );
    },
  };
};
const aboutPage = pageAnsweringAtOnce('/about-us', 'درباره ما');
const exportPage = pageAnsweringAtOnce('/export', 'صادرات');

/** The production default: 5 s for a read (runtime config `pageDataTimeoutMs`). */
const LIMIT_MS = defaultRuntimeConfig.pageDataTimeoutMs;

function renderAt(path: string) {
  const context = createFakeShellContext({ config: { ...defaultRuntimeConfig, pageDataTimeoutMs: LIMIT_MS } });
  const bar: string[] = [];
  const fatal: unknown[] = [];
  context.bus.on('page:loading:start', () => bar.push('start'));
  context.bus.on('page:loading:end', (payload) => bar.push(payload.error ? 'end:error' : 'end'));
  context.bus.on('app:error', (error) => fatal.push(error));
  render(
    <RemoteProviders app="catalogue" context={context}>
      <MemoryRouter initialEntries={[path]}>
        <PageRoutes pages={[rulesPage, aboutPage, exportPage]} />
      </MemoryRouter>
    </RemoteProviders>,
  );
  return { bar, fatal, context };
}

const renderRules = () => renderAt('/rules');
const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
/** The words of a long wait, in their polite status (null when not shown). */
const stillLoading = () => screen.queryByText('هنوز در حال بارگذاری…')?.closest('[role="status"]') ?? null;

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

  it('a stalled CMS: the error comes at the limit, not after two — a request past it is aborted and not asked again', async () => {
    answers = ['hang'];
    const { bar } = renderRules();
    await wait(LIMIT_MS - 1);
    expect(screen.queryByRole('alert')).toBeNull();
    await wait(1);
    expect(screen.getByRole('alert')).toHaveTextContent('اطلاعات این صفحه دریافت نشد');
    expect(requests).toBe(1);
    expect(bar).toEqual(['start', 'end:error']);
    // The late request was cut, not left holding a connection while the CMS stalls.
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);
    expect(signals[0]?.reason).toMatchObject({ name: 'LoadTimeoutError', timeoutMs: LIMIT_MS });
    // The error takes the place of the words of a long wait.
    expect(stillLoading()).toBeNull();
  });

  it('a slow CMS (3 s) is waited for: the page says it is still loading, then shows the page, no error', async () => {
    answers = ['slow'];
    const { bar } = renderRules();
    await wait(1000);
    expect(stillLoading()).toBeNull();
    await wait(1000);
    expect(stillLoading()).toHaveAttribute('aria-live', 'polite');
    expect(stillLoading()).toBeVisible();
    await wait(SLOW_ANSWER_MS - 2000);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('قوانین و مقررات');
    expect(stillLoading()).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests).toBe(1);
    expect(bar).toEqual(['start', 'end']);
  });

  it('a fast failure (a cut connection) is asked once more, at once', async () => {
    answers = ['network', 'ok'];
    renderRules();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('قوانین و مقررات');
    expect(requests).toBe(2);
  });

  it('the retry of a fast failure is within the same deadline: a CMS that then stalls is named at the limit', async () => {
    answers = ['5xx', 'hang'];
    renderRules();
    await wait(LIMIT_MS - 1);
    expect(requests).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
    await wait(1);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(requests).toBe(2);
    // The retry, under way at the deadline, was cut.
    expect(signals[1]?.aborted).toBe(true);
  });

  it('a refusal that asking again cannot change (404) is not retried', async () => {
    answers = ['404'];
    renderRules();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(requests).toBe(1);
  });

  it('a navigation from a page on screen: that page stays while the data is awaited, the words of a long wait come above it, then the error', async () => {
    answers = ['hang'];
    const { bar } = renderAt('/about-us');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('درباره ما');
    bar.length = 0;
    fireEvent.click(screen.getByRole('link', { name: 'قوانین' }));
    await wait(1000);
    expect(stillLoading()).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('درباره ما');
    await wait(1000);
    expect(stillLoading()).toBeVisible();
    await wait(LIMIT_MS - 2000);
    expect(screen.getByRole('alert')).toHaveTextContent('اطلاعات این صفحه دریافت نشد');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(stillLoading()).toBeNull();
    expect(requests).toBe(1);
    expect(bar).toEqual(['start', 'end:error']);
  });

  it('a navigation that joins a prefetch on intent still loading: the same words of a long wait, the same deadline', async () => {
    answers = ['hang'];
    const { bar, context } = renderAt('/about-us');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('درباره ما');
    bar.length = 0;
    // The link pointed at: its data starts loading, as a prefetch (no bar yet).
    const load = { timeoutMs: LIMIT_MS, bus: context.bus, queryClient: context.queryClient, prefetch: true };
    void context.queryClient.prefetchQuery(withPageDataLoad(rulesQuery, load));
    await wait(500);
    expect(bar).toEqual([]);
    fireEvent.click(screen.getByRole('link', { name: 'قوانین' }));
    await wait(1000);
    expect(stillLoading()).toBeNull();
    await wait(1000);
    expect(stillLoading()).toBeVisible();
    // The prefetch's deadline stands: the error at the limit from the pointing, one request in all.
    await wait(LIMIT_MS - 2500);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(stillLoading()).toBeNull();
    expect(requests).toBe(1);
    expect(bar).toEqual(['start', 'end:error']);
  });

  it('a navigation moved on from a stalled page: the page reached shows without the words of the wait left behind', async () => {
    answers = ['hang'];
    renderAt('/about-us');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('درباره ما');
    fireEvent.click(screen.getByRole('link', { name: 'قوانین' }));
    await wait(500);
    fireEvent.click(screen.getByRole('link', { name: 'صادرات' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'صادرات' })).toBeInTheDocument();
    await wait(2000);
    expect(stillLoading()).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    await wait(LIMIT_MS);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('صادرات');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a bug in a page is still the remote boundary’s business (reported to the shell), not a data error', () => {
    answers = ['ok'];
    const reports: Array<[string, unknown]> = [];
    const context = {
      ...createFakeShellContext(),
      reportFailure: (kind: string, error: unknown) => void reports.push([kind, error]),
    };
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
    expect(reports).toEqual([['render', expect.objectContaining({ message: 'a bug' })]]);
  });
});
