import { LoadTimeoutError, isLoadTimeoutError, withTimeLimit } from './with-time-limit';

describe('withTimeLimit', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('rejects a load that never settles once its time limit has passed (it hung for 330 s before)', async () => {
    const hung = new Promise<never>(() => undefined);
    const limited = withTimeLimit(hung, 8000, 'The blog app');
    const outcome = jest.fn<void, [unknown]>();
    limited.then(outcome, outcome);
    await jest.advanceTimersByTimeAsync(7999);
    expect(outcome).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    const error = outcome.mock.calls[0]![0] as LoadTimeoutError;
    expect(isLoadTimeoutError(error)).toBe(true);
    expect(error.message).toBe('The blog app did not load within 8000 ms');
    expect(error.timeoutMs).toBe(8000);
  });

  it('settles like the load when it finishes in time, and clears its timer', async () => {
    await expect(withTimeLimit(Promise.resolve('module'), 8000, 'x')).resolves.toBe('module');
    await expect(withTimeLimit(Promise.reject(new Error('404')), 8000, 'x')).rejects.toThrow('404');
    expect(jest.getTimerCount()).toBe(0);
  });

  it('has no limit when the limit is 0', async () => {
    const work = Promise.resolve(1);
    expect(withTimeLimit(work, 0, 'x')).toBe(work);
  });
});
