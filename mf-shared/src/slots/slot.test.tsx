import { useId, useState } from 'react';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { SlotProduct, SlotRequest } from '@steel/contract/slots';
import { createFakeShellContext } from '../testing';
import { ShellContextProvider } from '../ui/shell-context';
import { lazyContribution, slotModule } from './define-contributions';
import { slotServerRenderer } from './render-slot';
import { ServerSlots, Slot } from './slot';
import type { SlotHost, SlotModule } from './slot-host';

const product = (slug: string): SlotProduct => ({
  documentId: `doc-${slug}`,
  slug,
  name: `میلگرد ${slug}`,
  path: `/rebar/kalaf/${slug}`,
  unit: 'kg',
  saleUnit: 'branch',
  price: 1_000_000,
  illustrative: true,
  attributes: {},
  subCategory: 'rebar/kalaf',
  producer: 'ذوب آهن اصفهان',
});

/** The inquiry team's contribution: a button with its own state and a useId label. */
function AddToInquiry({ product: item }: { product: SlotProduct }) {
  const [added, setAdded] = useState(0);
  const id = useId();
  return (
    <button type="button" aria-describedby={id} onClick={() => setAdded((count) => count + 1)}>
      افزودن {item.slug} به استعلام ({added})<span id={id} hidden />
    </button>
  );
}
function Throws(): never {
  throw new Error('basket unreadable');
}

/** The inquiry's part in a chunk of its own, as its `./slots` splits it; the broken one in the module itself. */
const modules: Record<string, SlotModule> = {
  inquiry: slotModule({ 'product.actions': lazyContribution(async () => ({ default: AddToInquiry })) }),
  broken: slotModule({ 'product.actions': Throws }),
  'lost-chunk': slotModule({
    'product.actions': lazyContribution(() => Promise.reject(new Error('slot-product-actions.js 404'))),
  }),
};

/** The host: the catalogue's product page, reduced to its slot. */
function ProductPage({ slug }: { slug: string }) {
  return (
    <article>
      <h1>محصول {slug}</h1>
      <Slot name="product.actions" props={{ product: product(slug) }} />
    </article>
  );
}

/** The server's side, as the render worker does it: the host's render, then each contribution's, in place. */
async function serverPage(slug: string, contributors: string[]): Promise<string> {
  const context = createFakeShellContext();
  const slots: SlotRequest[] = [];
  let html = renderToString(
    <ServerSlots.Provider value={slots}>
      <ShellContextProvider value={context}>
        <ProductPage slug={slug} />
      </ShellContextProvider>
    </ServerSlots.Provider>,
  );
  for (const [index, request] of slots.entries()) {
    const parts: string[] = [];
    for (const app of contributors) {
      const prefix = `${app}-slot-r${index}-`;
      const render = slotServerRenderer(async () => '', {
        'product.actions': app === 'inquiry' || app === 'lost-chunk' ? AddToInquiry : Throws,
      });
      const rendered = await render({
        slot: request.slot,
        props: request.props,
        config: context.config,
        identifierPrefix: prefix,
      }).catch(() => null);
      parts.push(
        rendered
          ? `<div data-slot-contribution="${app}" data-slot-ssr="${prefix}">${rendered.html}</div>`
          : `<div data-slot-contribution="${app}"></div>`,
      );
    }
    html = html.replace(request.marker, parts.join(''));
  }
  return html;
}

function slotHost(apps: string[]) {
  const reports: string[] = [];
  const host: SlotHost = {
    contributions: () => apps.map((app) => ({ app, props: '1.0.0', order: 100 })),
    load: async (app) => {
      const module = modules[app];
      if (!module) throw new Error(`${app}: remoteEntry.js 404`);
      return module;
    },
    report: (app, slot, error) => reports.push(`${app} ${slot}: ${(error as Error).message}`),
  };
  return { host, reports };
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};

describe('an extension slot', () => {
  let container: HTMLDivElement;
  let root: Root | undefined;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.append(container);
  });
  afterEach(async () => {
    await act(async () => root?.unmount());
    container.remove();
  });

  it("hydrates each contribution's server markup in a root of its own; one that throws or fails to load is left out and reported as its own", async () => {
    container.innerHTML = await serverPage('ir-12', ['inquiry', 'broken', 'missing', 'lost-chunk']);
    // The server rendered the good contribution into the page, the broken one not at all.
    expect(container.querySelector('[data-slot-contribution="inquiry"] button')?.textContent).toBe(
      'افزودن ir-12 به استعلام (0)',
    );
    const serverButton = container.querySelector('[data-slot-contribution="inquiry"] button');
    const { host, reports } = slotHost(['inquiry', 'broken', 'missing', 'lost-chunk']);
    const hydrationErrors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(
        container,
        <ShellContextProvider value={{ ...createFakeShellContext(), slots: host }}>
          <ProductPage slug="ir-12" />
        </ShellContextProvider>,
        { onRecoverableError: (error) => hydrationErrors.push(error) },
      );
    });
    await flush();

    expect(hydrationErrors).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe('محصول ir-12');
    const button = container.querySelector<HTMLButtonElement>('[data-slot-contribution="inquiry"] button');
    // Hydrated, not drawn again: the server's element, now live.
    expect(button).toBe(serverButton);
    await act(async () => button?.click());
    expect(button?.textContent).toBe('افزودن ir-12 به استعلام (1)');
    expect(container.querySelector('[data-slot-contribution="broken"]')?.childNodes.length).toBe(0);
    expect(container.querySelector('[data-slot-contribution="missing"]')?.childNodes.length).toBe(0);
    // Its server markup (the server renders every part) goes when its chunk cannot be had.
    expect(container.querySelector('[data-slot-contribution="lost-chunk"]')?.childNodes.length).toBe(0);
    // Only the contribution that rendered says so (what the end-to-end tests wait for before a click).
    expect([...container.querySelectorAll('[data-slot-mounted]')].map((own) => own.getAttribute('data-app'))).toEqual([
      'inquiry',
    ]);
    expect(reports.sort()).toEqual([
      'broken product.actions: basket unreadable',
      'lost-chunk product.actions: slot-product-actions.js 404',
      'missing product.actions: missing: remoteEntry.js 404',
    ]);
  });

  it('renders contributions in the browser when there is no server markup, and hands them the host’s new props', async () => {
    const { host, reports } = slotHost(['inquiry']);
    const { createRoot } = await import('react-dom/client');
    const page = (slug: string) => (
      <ShellContextProvider value={{ ...createFakeShellContext(), slots: host }}>
        <ProductPage slug={slug} />
      </ShellContextProvider>
    );
    root = createRoot(container);
    await act(async () => root?.render(page('ir-12')));
    await flush();
    expect(container.querySelector('[data-slot-contribution="inquiry"] button')?.textContent).toBe(
      'افزودن ir-12 به استعلام (0)',
    );
    await act(async () => root?.render(page('ir-14')));
    await flush();
    expect(container.querySelector('[data-slot-contribution="inquiry"] button')?.textContent).toBe(
      'افزودن ir-14 به استعلام (0)',
    );
    expect(reports).toEqual([]);
  });

  it('is an empty element with nothing live, and never asks for a contribution built against another props major', async () => {
    const { host, reports } = slotHost([]);
    const loads: string[] = [];
    const newer: SlotHost = {
      ...host,
      contributions: () => [{ app: 'inquiry', props: '2.0.0', order: 1 }],
      load: async (app) => {
        loads.push(app);
        return modules['inquiry']!;
      },
    };
    const { createRoot } = await import('react-dom/client');
    root = createRoot(container);
    await act(async () =>
      root?.render(
        <ShellContextProvider value={{ ...createFakeShellContext(), slots: newer }}>
          <ProductPage slug="ir-12" />
        </ShellContextProvider>,
      ),
    );
    await flush();
    expect(loads).toEqual([]);
    expect(container.querySelector('button')).toBeNull();
    expect(reports).toEqual([
      "inquiry product.actions: not shown: product.actions props 2.0.0 against the host's 1.0.0 (another major)",
    ]);
  });
});
