import { isConstrainedConnection, mayPrefetch, onIdle } from './prefetch-rules';

describe('prefetch rules', () => {
  it('prefetches same-site links on a normal connection', () => {
    expect(mayPrefetch({ to: '/blog' })).toBe(true);
    expect(mayPrefetch({ to: '/blog', target: '_self', connection: { saveData: false, effectiveType: '4g' } })).toBe(
      true,
    );
  });

  it('never for target=_blank, other sites, save-data or 2g', () => {
    expect(mayPrefetch({ to: '/blog', target: '_blank' })).toBe(false);
    expect(mayPrefetch({ to: 'https://elsewhere.example/blog' })).toBe(false);
    expect(mayPrefetch({ to: '//elsewhere.example/blog' })).toBe(false);
    expect(mayPrefetch({ to: '/blog', connection: { saveData: true, effectiveType: '4g' } })).toBe(false);
    for (const effectiveType of ['2g', 'slow-2g']) expect(isConstrainedConnection({ effectiveType })).toBe(true);
    expect(isConstrainedConnection({ effectiveType: '3g' })).toBe(false);
  });

  it('waits for idle time, with a timeout where requestIdleCallback is missing', () => {
    jest.useFakeTimers();
    try {
      const callback = jest.fn();
      onIdle(callback, { setTimeout, clearTimeout });
      expect(callback).not.toHaveBeenCalled();
      jest.runAllTimers();
      expect(callback).toHaveBeenCalledTimes(1);

      const cancelled = jest.fn();
      onIdle(cancelled, { setTimeout, clearTimeout })();
      jest.runAllTimers();
      expect(cancelled).not.toHaveBeenCalled();

      let idle: (() => void) | null = null;
      const viaIdle = jest.fn();
      onIdle(viaIdle, { setTimeout, clearTimeout, requestIdleCallback: (cb) => ((idle = cb), 1) });
      jest.runAllTimers();
      expect(viaIdle).not.toHaveBeenCalled();
      idle!();
      expect(viaIdle).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
