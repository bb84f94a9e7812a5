import type { AppManifest } from '@steel/contract';
import { slotsRule } from './static-rules';

const manifest = (app: string, slots: Pick<AppManifest, 'slotHosts' | 'contributions'>): AppManifest => ({
  app,
  contract: '1.7.0',
  shared: {},
  pages: [],
  serverEntry: 'server/index.js',
  ...slots,
});

const catalogue = manifest('catalogue', { slotHosts: { 'product.actions': '1.0.0', 'listing.row': '1.0.0' } });
const panel = manifest('panel', { slotHosts: { 'panel.dashboard': '1.0.0' } });

describe("the gate's slots rule", () => {
  it('passes a contribution built against the props its live hosts render, and one no live app hosts yet', () => {
    const inquiry = manifest('inquiry', {
      contributions: [
        { slot: 'product.actions', props: '1.0.0', order: 10 },
        { slot: 'header.counter', props: '1.0.0', order: 10 },
      ],
    });
    expect(slotsRule(inquiry, { catalogue, panel })).toBeNull();
  });

  it('refuses a contribution built against props its live host does not render', () => {
    const inquiry = manifest('inquiry', { contributions: [{ slot: 'listing.row', props: '2.0.0', order: 10 }] });
    expect(slotsRule(inquiry, { catalogue, panel })).toBe(
      "slots: its contribution to listing.row would not be shown on the live catalogue's pages: listing.row props 2.0.0 against the host's 1.0.0 (another major); build it against the @steel/shared the host renders the slot with",
    );
  });

  it('refuses a host that moves a slot to props a live contribution was not built for', () => {
    const inquiry = manifest('inquiry', { contributions: [{ slot: 'product.actions', props: '1.0.0', order: 10 }] });
    const nextCatalogue = manifest('catalogue', { slotHosts: { 'product.actions': '2.0.0' } });
    expect(slotsRule(nextCatalogue, { catalogue, inquiry })).toMatch(
      /^slots: the live inquiry's contribution to product\.actions could not be shown on its pages: product\.actions props 1\.0\.0 against the host's 2\.0\.0/,
    );
  });
});
