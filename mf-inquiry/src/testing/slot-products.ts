import type { SlotProduct } from '@steel/contract';

/**
 * A product as the catalogue hands it to the inquiry app's slots: a Ø12 rebar sold by the 12 m
 * branch (0.888 kg/m), priced per kilogram. Each test names what it changes.
 */
export const slotProduct = (slug: string, overrides: Partial<SlotProduct> = {}): SlotProduct => ({
  documentId: `doc-${slug}`,
  slug,
  name: `محصول ${slug}`,
  path: `/rebar/kalaf/${slug}`,
  unit: 'kg',
  saleUnit: 'branch',
  price: 395_000,
  illustrative: true,
  attributes: { weight_per_m_kg: 0.888, length_m: 12 },
  subCategory: 'rebar/kalaf',
  producer: null,
  ...overrides,
});

/** The product most pages' tests show: «میلگرد آجدار ۱۲». */
export const REBAR_12 = slotProduct('rebar-kalaf-1', { name: 'میلگرد آجدار ۱۲' });
