import { act, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { PAGE_WITH_LATER_SECTION_HTML, PageWithLaterSection } from './hydrate-when-needed.fixture';

/** Reports every observed element as on screen when `showAll()` is called. */
const observed: Array<{ callback: IntersectionObserverCallback; element: Element }> = [];
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.push({ callback: this.callback, element });
  }
  unobserve(element: Element) {
    observed.splice(0, observed.length, ...observed.filter((entry) => entry.element !== element));
  }
  disconnect() {}
}
const showAll = () => {
  for (const { callback, element } of [...observed])
    callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver);
};

let root: Root | null = null;
beforeAll(() => {
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeIntersectionObserver;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  observed.length = 0;
  document.body.innerHTML = '';
});

/** The server's markup of the page in the document, hydrated. */
async function hydratePage() {
  const container = document.createElement('div');
  container.innerHTML = PAGE_WITH_LATER_SECTION_HTML;
  document.body.appendChild(container);
  const errors: unknown[] = [];
  await act(async () => {
    root = hydrateRoot(container, <PageWithLaterSection />, { onRecoverableError: (error) => errors.push(error) });
  });
  return { container, button: container.querySelector('button')!, errors };
}

const isHydrated = (node: Element) => Object.keys(node).some((key) => key.startsWith('__reactFiber'));

describe('HydrateWhenNeeded', () => {
  it("keeps the server's markup unhydrated until it nears the screen, then hydrates it in place", async () => {
    const { container, button, errors } = await hydratePage();
    expect(isHydrated(container.querySelector('h1')!)).toBe(true);
    expect(isHydrated(button)).toBe(false);

    await act(async () => showAll());
    expect(container.querySelector('button')).toBe(button); // the server's node, adopted
    expect(isHydrated(button)).toBe(true);
    act(() => button.click());
    expect(button.textContent).toBe('clicked 1');
    expect(errors).toEqual([]);
  });

  it('leaves markup only (`until="changed"`) as the server sent it, on screen too', async () => {
    const { container, errors } = await hydratePage();
    const text = container.querySelector('.markup p')!;
    await act(async () => showAll());
    expect(isHydrated(text)).toBe(false);
    expect(container.querySelector('.markup p')).toBe(text);
    expect(errors).toEqual([]);
  });

  it('an update from above before it hydrates is shown, in a transition too (a navigation never waits on a gate)', async () => {
    const { container, errors } = await hydratePage();
    await act(async () => startTransition(() => root!.render(<PageWithLaterSection text="changed in a transition" />)));
    expect(container.querySelector('.markup p')!.textContent).toBe('changed in a transition');
    await act(async () => root!.render(<PageWithLaterSection text="changed at once" />));
    expect(container.querySelector('.markup p')!.textContent).toBe('changed at once');
    expect(container.querySelector('.later button')!.textContent).toBe('clicked 0');
    expect(errors).toEqual([]);
  });

  it('in a page rendered in the browser, renders at once and watches nothing', async () => {
    const container = document.createElement('div');
    document.body.appendChild(container);
    await act(async () => {
      root = createRoot(container);
      root.render(<PageWithLaterSection />);
    });
    expect(container.querySelector('button')?.textContent).toBe('clicked 0');
    expect(observed).toEqual([]);
  });
});
