/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultRuntimeConfig, slotMarker, type SlotRequest } from '@steel/contract';
import { fillSlots, type SlotFillContext } from './slot-contributions';
import { createSlotOverruns } from './slot-overruns';

/**
 * Real server entries on disk, as the render worker loads them: each contributor's `renderSlot`
 * does what its name says (renders, throws, takes too long, blocks the thread).
 */
const CONTRIBUTORS: Record<string, string> = {
  inquiry: `exports.renderSlot = async ({ slot, props, identifierPrefix }) => ({
    html: '<button data-prefix="' + identifierPrefix + '">' + slot + ':' + props.product.slug + '</button>',
    css: '.inquiry{}',
  });`,
  alerts: `exports.renderSlot = async () => ({ html: '<p>alert</p>', css: '.alerts{}' });`,
  broken: `exports.renderSlot = async () => { throw new Error('no basket here'); };`,
  slow: `exports.renderSlot = () => new Promise((resolve) => setTimeout(() => resolve({ html: 'late', css: '' }), 3000));`,
  busy: `exports.renderSlot = async () => { const end = Date.now() + 1500; while (Date.now() < end); return { html: 'busy', css: '' }; };`,
  silent: `exports.contract = '1.7.0';`,
};

let buildsDir: string;
beforeAll(() => {
  buildsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'slot-builds-'));
  for (const [app, source] of Object.entries(CONTRIBUTORS)) {
    fs.mkdirSync(path.join(buildsDir, app, 'v1', 'server'), { recursive: true });
    fs.writeFileSync(path.join(buildsDir, app, 'v1', 'server', 'index.js'), source);
  }
});
afterAll(() => fs.rmSync(buildsDir, { recursive: true, force: true }));

const versions = Object.fromEntries(Object.keys(CONTRIBUTORS).map((app) => [app, 'v1']));
const context = (
  contributors: Array<{ app: string; props?: string; order?: number; when?: { storage: string[] } }>,
): SlotFillContext => ({
  contributions: {
    'product.actions': contributors.map(({ app, props = '1.0.0', order = 100, when }) => ({
      app,
      props,
      order,
      ...(when ? { when } : {}),
    })),
  },
  versions,
  incompatible: {},
  buildsDir,
  config: defaultRuntimeConfig,
  cmsUrl: 'http://127.0.0.1:1/api',
  // Far above what a good contribution takes even on a loaded machine, far below the slow ones.
  timeLimitMs: 1000,
  disabled: {},
});
const request: SlotRequest = {
  marker: slotMarker(0),
  slot: 'product.actions',
  version: '1.0.0',
  props: { product: { slug: 'ir-12' } },
};
const page = `<main><div data-slot="product.actions">${slotMarker(0)}</div></main>`;

describe("filling a page's slots on the server", () => {
  it("puts each contribution's markup where the host left the marker, in order, with its stylesheet once", async () => {
    const filled = await fillSlots(page, [request], context([{ app: 'alerts' }, { app: 'inquiry' }]), 'slot-r');
    expect(filled.failures).toEqual([]);
    expect(filled.html).toBe(
      '<main><div data-slot="product.actions">' +
        '<div data-slot-contribution="alerts" data-app="alerts" data-slot-ssr="alerts-slot-r0-"><p>alert</p></div>' +
        '<div data-slot-contribution="inquiry" data-app="inquiry" data-slot-ssr="inquiry-slot-r0-"><button data-prefix="inquiry-slot-r0-">product.actions:ir-12</button></div>' +
        '</div></main>',
    );
    expect(filled.css).toEqual({ alerts: '.alerts{}', inquiry: '.inquiry{}' });
  });

  it('leaves a contribution that throws, overruns, blocks or renders no slots to the browser, reported as its own', async () => {
    const filled = await fillSlots(
      page,
      [request],
      context([{ app: 'broken' }, { app: 'slow' }, { app: 'busy' }, { app: 'silent' }, { app: 'inquiry' }]),
      'slot-r',
    );
    // The host's page and the good contribution are whole; each failed one is an empty element.
    expect(filled.html).toContain('<div data-slot-contribution="broken" data-app="broken"></div>');
    expect(filled.html).toContain('<div data-slot-contribution="slow" data-app="slow"></div>');
    expect(filled.html).toContain('<div data-slot-contribution="busy" data-app="busy"></div>');
    expect(filled.html).toContain('<div data-slot-contribution="silent" data-app="silent"></div>');
    expect(filled.html).toContain('product.actions:ir-12</button>');
    expect(filled.failures.map(({ app, version, slot }) => `${app}@${version} ${slot}`)).toEqual([
      'broken@v1 product.actions',
      'slow@v1 product.actions',
      'busy@v1 product.actions',
      'silent@v1 product.actions',
    ]);
    expect(filled.failures[0]?.reason).toBe('no basket here');
    expect(filled.failures[1]?.reason).toMatch(/over its 1000 ms time limit/);
  });

  it('does not render a contribution built against props the host does not render', async () => {
    const filled = await fillSlots(
      page,
      [request],
      context([
        { app: 'inquiry', props: '2.0.0' },
        { app: 'alerts', props: '1.1.0' },
      ]),
      'slot-r',
    );
    expect(filled.html).not.toContain('<button');
    expect(filled.failures.map((failure) => failure.reason)).toEqual([
      "not shown: product.actions props 2.0.0 against the host's 1.0.0 (another major)",
      "not shown: product.actions props 1.1.0 is newer than the host's 1.0.0",
    ]);
  });

  it('skips an app that is not live or cannot run beside the shell', async () => {
    const filled = await fillSlots(
      page,
      [request],
      { ...context([{ app: 'inquiry' }, { app: 'alerts' }, { app: 'gone' }]), incompatible: { inquiry: 'contract 2' } },
      'slot-r',
    );
    expect(filled.html).toBe(
      '<main><div data-slot="product.actions"><div data-slot-contribution="alerts" data-app="alerts" data-slot-ssr="alerts-slot-r0-"><p>alert</p></div></div></main>',
    );
    expect(filled.failures).toEqual([]);
  });

  it('leaves out a contribution with a condition only the browser can check: no element, no stylesheet', async () => {
    const filled = await fillSlots(
      page,
      [request],
      context([{ app: 'alerts' }, { app: 'inquiry', when: { storage: ['steel-inquiry-basket'] } }]),
      'slot-r',
    );
    expect(filled.html).toBe(
      '<main><div data-slot="product.actions"><div data-slot-contribution="alerts" data-app="alerts" data-slot-ssr="alerts-slot-r0-"><p>alert</p></div></div></main>',
    );
    expect(filled.css).toEqual({ alerts: '.alerts{}' });
    expect(filled.failures).toEqual([]);
  });
});

describe('a contribution cannot slow its host', () => {
  const rows = [0, 1, 2, 3].map((index): SlotRequest => ({ ...request, marker: slotMarker(index) }));
  const listing = `<table>${rows.map((row) => `<tr>${row.marker}</tr>`).join('')}</table>`;

  it('renders one that overran in a page no more in that page: the rows after it are left to the browser', async () => {
    const filled = await fillSlots(listing, rows, context([{ app: 'busy' }, { app: 'inquiry' }]), 'slot-r');
    expect(filled.html.match(/>busy</g)).toBeNull();
    expect(filled.html.match(/product\.actions:ir-12/g)).toHaveLength(4);
    expect(filled.failures.map(({ app, reason }) => `${app}: ${reason}`)).toEqual([
      expect.stringMatching(/^busy: over its 1000 ms time limit \(\d+ ms\)$/),
      'busy: not rendered again in this page: it overran its time limit in another slot',
    ]);
    expect(filled.failures[0]?.blockedMs).toBeGreaterThan(1000);
  });

  it('does not render one the server disabled, saying why once', async () => {
    const filled = await fillSlots(
      listing,
      rows,
      { ...context([{ app: 'busy' }, { app: 'inquiry' }]), disabled: { busy: 'it held the thread' } },
      'slot-r',
    );
    expect(filled.html).not.toContain('>busy<');
    expect(filled.failures).toEqual([
      {
        app: 'busy',
        version: 'v1',
        slot: 'product.actions',
        reason: 'not rendered on this server: it held the thread',
      },
    ]);
  });

  it('disables a version that held the thread far past its limit at once, and one that did so three times', () => {
    const overruns = createSlotOverruns(100);
    const blocked = (app: string, version: string, blockedMs?: number) => ({
      app,
      version,
      slot: 'product.actions' as const,
      reason: 'over',
      ...(blockedMs === undefined ? {} : { blockedMs }),
    });
    expect(overruns.record([blocked('inquiry', 'v1', 2000)]).map(({ app }) => app)).toEqual(['inquiry']);
    expect(overruns.disabledFor({ inquiry: 'v1', catalogue: 'c1' })).toEqual({
      inquiry: expect.stringMatching(/held the thread 2000 ms .* until its next version/),
    });
    // Its next version is rendered again.
    expect(overruns.disabledFor({ inquiry: 'v2' })).toEqual({});
    // A little over, or late without blocking (a slow CMS): left out of that render only, until the third time.
    expect(overruns.record([blocked('alerts', 'a1', 150), blocked('alerts', 'a1')])).toEqual([]);
    expect(overruns.record([blocked('alerts', 'a1', 150)])).toEqual([]);
    expect(overruns.record([blocked('alerts', 'a1', 150)]).map(({ app }) => app)).toEqual(['alerts']);
  });
});
