import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createFakeShellContext } from '../testing';
import { ShellContextProvider } from './shell-context';
import { Link } from './link';

/** A controllable IntersectionObserver: `show(el)` reports the element as visible. */
const observers: Array<{ callback: IntersectionObserverCallback; elements: Element[]; disconnected: boolean }> = [];
class FakeIntersectionObserver {
  private readonly record: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.record = { callback, elements: [], disconnected: false };
    observers.push(this.record);
  }
  observe(element: Element) {
    this.record.elements.push(element);
  }
  unobserve(element: Element) {
    this.record.elements = this.record.elements.filter((observed) => observed !== element);
  }
  disconnect() {
    this.record.disconnected = true;
  }
}
function show(element: Element) {
  for (const record of observers) {
    if (record.disconnected || !record.elements.includes(element)) continue;
    record.callback(
      [{ isIntersecting: true, target: element } as IntersectionObserverEntry],
      record as unknown as IntersectionObserver,
    );
  }
}

function setConnection(connection: unknown) {
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
}

describe('Link prefetch', () => {
  beforeAll(() => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  });
  beforeEach(() => {
    jest.useFakeTimers();
    setConnection(undefined);
  });
  afterEach(() => jest.useRealTimers());

  function renderLink(props: { to: string; target?: string; prefetch?: boolean }) {
    const prefetch = jest.fn();
    const context = createFakeShellContext({ prefetch });
    const view = render(
      <ShellContextProvider value={context}>
        <Link {...props}>link</Link>
      </ShellContextProvider>,
    );
    return { prefetch, anchor: view.container.querySelector('a')! };
  }

  it('asks the shell to prefetch once the link is visible, during idle time, once', () => {
    const { prefetch, anchor } = renderLink({ to: '/blog' });
    act(() => jest.runAllTimers());
    expect(prefetch).not.toHaveBeenCalled(); // not visible yet
    act(() => show(anchor));
    expect(prefetch).not.toHaveBeenCalled(); // waits for idle time
    act(() => jest.runAllTimers());
    expect(prefetch).toHaveBeenCalledWith('/blog');
    act(() => show(anchor));
    act(() => jest.runAllTimers());
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it('links share one observer, and a link removed from the page is no longer watched', () => {
    const before = observers.length;
    const first = renderLink({ to: '/blog' });
    const second = renderLink({ to: '/rules' });
    const third = renderLink({ to: '/panel' });
    expect(observers.length - before).toBeLessThanOrEqual(1);
    expect(observers.length).toBe(1);
    const [shared] = observers;
    expect(shared!.elements).toEqual(expect.arrayContaining([first.anchor, second.anchor, third.anchor]));
    act(() => show(second.anchor));
    act(() => jest.runAllTimers());
    expect(second.prefetch).toHaveBeenCalledWith('/rules');
    expect(first.prefetch).not.toHaveBeenCalled();
    // Seen once: no longer observed.
    expect(shared!.elements).not.toContain(second.anchor);
    cleanup();
    expect(shared!.elements).toEqual([]);
  });

  it.each([
    ['target=_blank', { to: '/blog', target: '_blank' }, undefined],
    ['an external link', { to: 'https://elsewhere.example' }, undefined],
    ['prefetch={false}', { to: '/blog', prefetch: false }, undefined],
    ['save-data', { to: '/blog' }, { saveData: true }],
    ['a 2g connection', { to: '/blog' }, { effectiveType: 'slow-2g' }],
  ])('never prefetches for %s', (_label, props, connection) => {
    setConnection(connection);
    const { prefetch, anchor } = renderLink(props);
    act(() => show(anchor));
    act(() => jest.runAllTimers());
    expect(prefetch).not.toHaveBeenCalled();
  });
});

describe('Link intent', () => {
  function renderLink(props: { to: string; target?: string; prefetch?: boolean }) {
    const prefetchOnIntent = jest.fn();
    const context = createFakeShellContext({ prefetchOnIntent });
    const { container } = render(
      <ShellContextProvider value={context}>
        <Link {...props}>مقاله</Link>
      </ShellContextProvider>,
    );
    return { prefetchOnIntent, anchor: container.querySelector('a')! };
  }

  it("asks the shell for the target page's data when pointed at or focused", () => {
    const { prefetchOnIntent, anchor } = renderLink({ to: '/blog/rebar-price-guide' });
    fireEvent.pointerEnter(anchor);
    fireEvent.focus(anchor);
    expect(prefetchOnIntent.mock.calls).toEqual([['/blog/rebar-price-guide'], ['/blog/rebar-price-guide']]);
  });

  it.each([
    ['target=_blank', { to: '/blog', target: '_blank' }],
    ['an external link', { to: 'https://elsewhere.example' }],
    ['prefetch={false}', { to: '/blog', prefetch: false }],
  ])('asks nothing for %s', (_label, props) => {
    const { prefetchOnIntent, anchor } = renderLink(props);
    fireEvent.pointerEnter(anchor);
    fireEvent.focus(anchor);
    expect(prefetchOnIntent).not.toHaveBeenCalled();
  });
});
