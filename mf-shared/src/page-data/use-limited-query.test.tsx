import { act, fireEvent, render, screen } from '@testing-library/react';
import '@testing-library/jest-dom';
import { ApiError } from '../api/api-error';
import { apiErrorMessage } from '../api/api-error-message';
import { defaultRuntimeConfig } from '@steel/contract/runtime-config';
import { RemoteProviders } from '../remote/remote-providers';
import { createFakeShellContext } from '../testing';
import { useLimitedQuery } from './use-limited-query';

/** What the fake CMS does with each request, in order; the last repeats. */
type Answer = 'ok' | '5xx' | '404' | 'hang';
let answers: Answer[] = [];
let signals: AbortSignal[] = [];

function Orders() {
  const query = useLimitedQuery({
    queryKey: ['orders'],
    queryFn: ({ signal }) => {
      const answer = answers[Math.min(signals.length, answers.length - 1)];
      signals.push(signal);
      if (answer === 'ok') return Promise.resolve('سفارش‌ها');
      if (answer === 'hang') return new Promise<string>(() => undefined);
      const status = answer === '5xx' ? 503 : 404;
      return Promise.reject(new ApiError({ data: null, error: { status, name: 'Error', message: String(status) } }));
    },
  });
  if (query.isPending) return <p role="status">در حال بارگذاری…</p>;
  if (query.isError)
    return (
      <div role="alert">
        {apiErrorMessage(query.error)}
        <button type="button" onClick={() => void query.refetch()}>
          تلاش مجدد
        </button>
      </div>
    );
  return <h1>{query.data}</h1>;
}

function renderOrders() {
  const context = createFakeShellContext({ config: { ...defaultRuntimeConfig, pageDataTimeoutMs: 1000 } });
  render(
    <RemoteProviders app="panel" context={context}>
      <Orders />
    </RemoteProviders>,
  );
}

describe('a read a page shows itself (useLimitedQuery)', () => {
  beforeEach(() => {
    answers = [];
    signals = [];
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('a stalled CMS: the request is aborted at the time limit and not asked again, the error comes then, and its retry works', async () => {
    answers = ['hang', 'ok'];
    renderOrders();
    await act(() => jest.advanceTimersByTimeAsync(999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('سرور به‌موقع پاسخ نداد');
    expect(signals).toHaveLength(1);
    expect(signals.map((signal) => signal.aborted)).toEqual([true]);

    fireEvent.click(screen.getByRole('button', { name: 'تلاش مجدد' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('سفارش‌ها');
  });

  it('a 5xx asked again that then stalls: the error at the limit of the whole read, not later', async () => {
    answers = ['5xx', 'hang'];
    renderOrders();
    await act(() => jest.advanceTimersByTimeAsync(999));
    expect(signals).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => jest.advanceTimersByTimeAsync(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('سرور به‌موقع پاسخ نداد');
    expect(signals).toHaveLength(2);
  });

  it('a 5xx is asked once more, at once', async () => {
    answers = ['5xx', 'ok'];
    renderOrders();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('سفارش‌ها');
    expect(signals).toHaveLength(2);
  });

  it('a refusal asking again cannot change is shown at once', async () => {
    answers = ['404'];
    renderOrders();
    expect(await screen.findByRole('alert')).toHaveTextContent('موردی با این مشخصات یافت نشد');
    expect(signals).toHaveLength(1);
  });
});
