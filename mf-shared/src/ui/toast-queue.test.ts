import { TOAST_MAX, createToastQueue, isValidToastLabel, normaliseToastType } from './toast-queue';

describe('toast queue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives an id of the form `${Date.now()}-${base36}` and open: true, keeping the caller fields', () => {
    jest.setSystemTime(1_700_000_000_000);
    const queue = createToastQueue();
    const toast = queue.add({ title: 'کپی شد', color: 'success', extra: 1 });
    expect(toast.id).toMatch(/^1700000000000-[a-z0-9]+$/);
    expect(toast).toMatchObject({ open: true, title: 'کپی شد', color: 'success', extra: 1 });
    expect(queue.add({ id: 'mine' }).id).toBe('mine');
  });

  it('lets toasts enter one per tick', () => {
    const queue = createToastQueue();
    const seen: number[] = [];
    queue.subscribe((toasts) => seen.push(toasts.length));
    queue.add({ title: 'a' });
    queue.add({ title: 'b' });
    queue.add({ title: 'c' });
    expect(queue.getToasts()).toHaveLength(0);
    jest.advanceTimersToNextTimer();
    expect(queue.getToasts().map((t) => t.title)).toEqual(['a']);
    jest.advanceTimersToNextTimer();
    expect(queue.getToasts().map((t) => t.title)).toEqual(['a', 'b']);
    jest.advanceTimersToNextTimer();
    expect(queue.getToasts().map((t) => t.title)).toEqual(['a', 'b', 'c']);
    expect(seen).toEqual([1, 2, 3]);
  });

  it('keeps at most 5: the sixth pushes out the oldest', () => {
    const queue = createToastQueue();
    for (let i = 1; i <= 6; i++) queue.add({ title: String(i) });
    jest.runAllTimers();
    expect(TOAST_MAX).toBe(5);
    expect(queue.getToasts().map((t) => t.title)).toEqual(['2', '3', '4', '5', '6']);
  });

  it('remove closes at once and deletes 200 ms later; a second remove is a no-op', () => {
    const queue = createToastQueue();
    const { id } = queue.add({ title: 'x' });
    jest.runAllTimers();
    queue.remove(id);
    queue.remove(id);
    expect(queue.getToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    jest.advanceTimersByTime(199);
    expect(queue.getToasts()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(queue.getToasts()).toHaveLength(0);
  });

  it('remove of a toast still waiting for its tick drops it', () => {
    const queue = createToastQueue();
    const { id } = queue.add({ title: 'x' });
    queue.remove(id);
    jest.runAllTimers();
    expect(queue.getToasts()).toHaveLength(0);
  });
});

describe('toast validation (Radix warnings)', () => {
  let error: jest.SpyInstance;
  beforeEach(() => (error = jest.spyOn(console, 'error').mockImplementation(() => {})));
  afterEach(() => error.mockRestore());

  it('accepts a non-empty label, warns otherwise', () => {
    expect(isValidToastLabel('اعلان')).toBe(true);
    expect(error).not.toHaveBeenCalled();
    expect(isValidToastLabel('  ')).toBe(false);
    expect(isValidToastLabel(3)).toBe(false);
    expect(error).toHaveBeenCalledWith(
      'Invalid prop `label` supplied to `ToastProvider`. Expected non-empty `string`.',
    );
  });

  it('type is foreground or background; others warn and become foreground', () => {
    expect(normaliseToastType(undefined)).toBe('foreground');
    expect(normaliseToastType('background')).toBe('background');
    expect(error).not.toHaveBeenCalled();
    expect(normaliseToastType('loud')).toBe('foreground');
    expect(error).toHaveBeenCalledTimes(1);
  });
});
