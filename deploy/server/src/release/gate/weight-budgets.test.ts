import { CONTRACT_VERSION, type AppManifest, type PageWeight } from '@steel/contract';
import { slotCostRule, slotCostsOnPages, weightRule, type WeightBudgets } from './weight-budgets';

const KB = 1024;
const weight = (chunks: Record<string, number>, css = 4 * KB): PageWeight => ({
  js: Object.values(chunks).reduce((sum, bytes) => sum + bytes, 0),
  css,
  chunks: { ...chunks, styles: css },
});
const manifest = (
  weights: Record<string, PageWeight> | undefined,
  app = 'catalogue',
  more: Partial<AppManifest> = {},
): AppManifest => ({
  app,
  contract: CONTRACT_VERSION,
  shared: {},
  pages: [],
  serverEntry: null,
  ...(weights ? { weights } : {}),
  ...more,
});
const budgets: WeightBudgets = {
  growthShare: 0.1,
  minimumGrowthBytes: 2 * KB,
  default: { js: 60 * KB, css: 8 * KB },
  apps: { catalogue: { default: { js: 100 * KB }, '/product/:slug': { js: 120 * KB } } },
};
const live = manifest({
  '/product/:slug': weight({ remoteEntry: 7 * KB, app: 28 * KB, product: 5 * KB }),
  '/rules': weight({ remoteEntry: 7 * KB, app: 28 * KB, '367': 35 * KB }),
});

describe('the gate weighs each page kind against the live version and the budgets', () => {
  it('passes a version of the same weight, and one that grew within the share', () => {
    expect(weightRule(live, live, budgets)).toBeNull();
    const grown = manifest({ '/product/:slug': weight({ remoteEntry: 7 * KB, app: 28 * KB, product: 8 * KB }) });
    expect(weightRule(grown, live, budgets)).toBeNull();
  });

  it('refuses a page kind that grew by more than the share, naming the page, the figures and the chunk', () => {
    const heavier = manifest({
      '/product/:slug': weight({ remoteEntry: 7 * KB, app: 28 * KB, product: 5 * KB, '912': 60 * KB }),
    });
    expect(weightRule(heavier, live, budgets)).toBe(
      'weights: /product/:slug downloads 100.0 KB of JS from catalogue, 150.0 % more than the live version\'s 40.0 KB (10 % allowed); grew most: 912 (+60.0 KB); make it lighter (a lazy chunk, a smaller dependency), or deploy with --force "<reason>"',
    );
  });

  it('lets a few hundred bytes pass on a small page, whatever the share', () => {
    const small = manifest({ '/x': weight({ remoteEntry: 1 * KB }) });
    const grown = manifest({ '/x': weight({ remoteEntry: 2.5 * KB }) });
    expect(weightRule(grown, small, budgets)).toBeNull();
  });

  it('refuses a page kind over its absolute budget, even with nothing live to compare', () => {
    const over = manifest({ '/rules': weight({ remoteEntry: 7 * KB, app: 28 * KB, '367': 70 * KB }) });
    expect(weightRule(over, null, budgets)).toMatch(
      /^weights: \/rules downloads 105\.0 KB of JS from catalogue, over its weight budget of 100\.0 KB \(data\/platform\/weight-budgets\.json\); grew most: 367 \(\+70\.0 KB\)/,
    );
    // A page's own budget before the app's, the app's before every app's.
    const product = manifest({ '/product/:slug': weight({ app: 110 * KB }) });
    expect(weightRule(product, null, budgets)).toBeNull();
    expect(weightRule(manifest({ '/g': weight({ app: 70 * KB }) }, 'guides'), null, budgets)).toMatch(
      /over its weight budget of 60\.0 KB/,
    );
    expect(weightRule(manifest({ '/g': weight({ app: 1 * KB }, 9 * KB) }, 'guides'), null, budgets)).toMatch(
      /of CSS from guides, over its weight budget of 8\.0 KB/,
    );
  });

  it("weighs a contributor's slot contributions like a page kind, against the live ones and their budget", () => {
    const contributor = (slotsJs: number) =>
      manifest({ slots: weight({ remoteEntry: 6 * KB, __federation_expose_slots: slotsJs }) }, 'inquiry');
    const slotBudgets: WeightBudgets = { ...budgets, apps: { inquiry: { slots: { js: 30 * KB } } } };
    expect(weightRule(contributor(12 * KB), contributor(12 * KB), slotBudgets)).toBeNull();
    expect(weightRule(contributor(20 * KB), contributor(12 * KB), slotBudgets)).toMatch(
      /^weights: its slot contributions \(on other apps' pages\) downloads 26\.0 KB of JS from inquiry, 44\.4 % more than the live version's 18\.0 KB \(10 % allowed\); grew most: __federation_expose_slots \(\+8\.0 KB\)/,
    );
    expect(weightRule(contributor(40 * KB), null, slotBudgets)).toMatch(/over its weight budget of 30\.0 KB/);
  });

  it('weighs nothing in a manifest built before builds measured themselves', () => {
    expect(weightRule(manifest(undefined), live, budgets)).toBeNull();
  });
});

describe("the gate weighs each contributor's code on each host page kind, by the slots the page renders", () => {
  const page = (path: string, slots?: AppManifest['pages'][number]['slots']) => ({
    path,
    rendering: 'server' as const,
    guards: [],
    layout: 'default' as const,
    ...(slots ? { slots } : {}),
  });
  const shell = manifest(undefined, 'shell', { slotHosts: { 'header.counter': '1.0.0' }, pages: [page('/login')] });
  const catalogue = (rulesSlots?: ['product.actions']) =>
    manifest(undefined, 'catalogue', {
      pages: [page('/rebar/*', ['product.actions', 'listing.row']), page('/rules', rulesSlots)],
    });
  const base = { remoteEntry: 6 * KB, __federation_expose_slots: 2 * KB };
  const inquiry = (productActions = 10 * KB) =>
    manifest(
      {
        'slots:header.counter': weight({ ...base, 'slot-header-counter': 3 * KB }),
        'slots:product.actions': weight({ ...base, 'slot-product-actions': productActions }),
        'slots:listing.row': weight({ ...base, 'slot-listing-row': 8 * KB }),
      },
      'inquiry',
      {
        contributions: (['header.counter', 'product.actions', 'listing.row'] as const).map((slot) => ({
          slot,
          props: '1.0.0',
          order: 10,
        })),
      },
    );
  const slotBudgets: WeightBudgets = { ...budgets, apps: { inquiry: { slots: { js: 40 * KB, css: 6 * KB } } } };

  it("adds up a contributor's slots once each on every page kind of every app, the header's on all", () => {
    const costs = slotCostsOnPages([shell, catalogue(), inquiry()]);
    const figures = costs.map(({ host, page, slots, weight: { js, css } }) => [host, page, slots, js / KB, css / KB]);
    expect(figures).toEqual([
      ['shell', '/login', ['header.counter'], 11, 4],
      ['catalogue', '/rebar/*', ['header.counter', 'product.actions', 'listing.row'], 29, 4],
      ['catalogue', '/rules', ['header.counter'], 11, 4],
    ]);
    expect(costs.every((cost) => cost.contributor === 'inquiry')).toBe(true);
  });

  it('refuses a contributor whose part of one slot grew past the share on the pages that host it', () => {
    const live = { shell, catalogue: catalogue() };
    expect(slotCostRule(inquiry(), live, inquiry(), slotBudgets)).toBeNull();
    expect(slotCostRule(inquiry(12 * KB), live, inquiry(), slotBudgets)).toBeNull();
    expect(slotCostRule(inquiry(12 * KB + 20 * KB), live, inquiry(), slotBudgets)).toMatch(
      /^weights: inquiry's contributions to catalogue's page \/rebar\/\* \(header\.counter, product\.actions, listing\.row\) downloads 51\.0 KB of JS from inquiry, over its weight budget of 40\.0 KB .*grew most: slot-product-actions \(\+22\.0 KB\)/,
    );
    const roomy: WeightBudgets = { ...slotBudgets, apps: { inquiry: { slots: { js: 100 * KB } } } };
    expect(slotCostRule(inquiry(20 * KB), live, inquiry(), roomy)).toMatch(
      /^weights: inquiry's contributions to catalogue's page \/rebar\/\* .* downloads 39\.0 KB of JS from inquiry, 34\.5 % more than the live version's 29\.0 KB/,
    );
  });

  it('holds a host that starts to render a slot on a page to the budget alone, with the contributor live', () => {
    const live = { shell, inquiry: inquiry() };
    expect(slotCostRule(catalogue(['product.actions']), live, catalogue(), slotBudgets)).toBeNull();
    const tight: WeightBudgets = { ...slotBudgets, apps: { inquiry: { slots: { js: 25 * KB } } } };
    expect(slotCostRule(catalogue(['product.actions']), live, catalogue(), tight)).toMatch(
      /^weights: inquiry's contributions to catalogue's page \/rebar\/\* .* over its weight budget of 25\.0 KB/,
    );
  });

  it('weighs a contributor built before per-slot weights by all its slot code, and an app that fills no slot not at all', () => {
    const old = manifest({ slots: weight({ ...base, everything: 12 * KB }) }, 'inquiry', {
      contributions: [{ slot: 'listing.row', props: '1.0.0', order: 10 }],
    });
    const costs = slotCostsOnPages([shell, catalogue(), old]);
    expect(costs.map(({ page, weight: { js } }) => [page, js / KB])).toEqual([['/rebar/*', 20]]);
  });
});
