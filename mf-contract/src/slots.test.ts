import { parseAppManifest } from './app-manifest-schema';
import { registryContributions, slotConditionHolds } from './slots';
import { CONTRACT_VERSION } from './contract-version';

const storageOf = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe("a slot contribution's condition", () => {
  it('holds while any key it names holds a value, and always without one', () => {
    const when = { storage: ['basket', 'compare'] };
    expect(slotConditionHolds(undefined, storageOf({}))).toBe(true);
    expect(slotConditionHolds(when, storageOf({}))).toBe(false);
    expect(slotConditionHolds(when, storageOf({ basket: '' }))).toBe(false);
    expect(slotConditionHolds(when, storageOf({ other: 'x' }))).toBe(false);
    expect(slotConditionHolds(when, storageOf({ compare: '[{"slug":"a"}]' }))).toBe(true);
  });

  it('holds when the browser refuses storage: the keys cannot be read, so the code is loaded as before', () => {
    expect(slotConditionHolds({ storage: ['basket'] }, null)).toBe(true);
  });

  it('is read from an app manifest, refused without a key, and reaches the live contributions', () => {
    const manifest = (when: unknown) => ({
      app: 'inquiry',
      contract: CONTRACT_VERSION,
      shared: {},
      pages: [],
      serverEntry: null,
      contributions: [{ slot: 'header.counter', props: '1.0.0', order: 10, when }],
    });
    const parsed = parseAppManifest(manifest({ storage: ['steel-inquiry-basket'] }));
    expect(parsed.contributions?.[0]?.when).toEqual({ storage: ['steel-inquiry-basket'] });
    expect(() => parseAppManifest(manifest({ storage: [] }))).toThrow();
    expect(() => parseAppManifest(manifest({ storage: [''] }))).toThrow();
    expect(() => parseAppManifest(manifest({ cookie: 'x' }))).toThrow();

    expect(
      registryContributions({
        inquiry: { contributions: parsed.contributions },
        other: { contributions: [{ slot: 'header.counter', props: '1.0.0', order: 20 }] },
      })['header.counter'],
    ).toEqual([
      { app: 'inquiry', props: '1.0.0', order: 10, when: { storage: ['steel-inquiry-basket'] } },
      { app: 'other', props: '1.0.0', order: 20 },
    ]);
  });
});
