/**
 * Extension slots (docs/architecture.md, "Extension slots"): a named place in one app's page where
 * any live remote may put a component of its own — the product page's actions, a listing row, the
 * panel's dashboard, the header. The host renders `<Slot name props />` (`@steel/shared/slots`);
 * each contributor declares in its app manifest which slots it fills and against which version of
 * their props, and exposes `./slots` (browser) and `renderSlot` (server entry).
 *
 * Each slot's props have a semantic version of their own: a host renders a slot at the version
 * this contract names; a contribution built against another major, or a newer minor than the
 * host's, is not rendered there (the gate refuses the pair first).
 */
import type { RuntimeConfig } from './runtime-config';

/** Every slot, with the version of its props in this contract. */
export const SLOTS = {
  /** Beside the product page's own actions (order request, watch list). */
  'product.actions': { props: '1.0.0' },
  /** At the end of each product row of a listing (a sub-category, a search). */
  'listing.row': { props: '1.0.0' },
  /** A card on the customer panel's dashboard. */
  'panel.dashboard': { props: '1.0.0' },
  /** A counter beside the header's account button. */
  'header.counter': { props: '1.0.0' },
} as const;
export type SlotName = keyof typeof SLOTS;
export const SLOT_NAMES = Object.keys(SLOTS) as SlotName[];

/** A product as the product page and listing rows hand it to their slots. */
export interface SlotProduct {
  documentId: string;
  slug: string;
  name: string;
  /** The product page's path (`/rebar/kalaf/…`). */
  path: string;
  /** The unit `price` is per (`kg`, `tonne`, …). */
  unit: string;
  /** What one buys it by (`branch`, `sheet`, `coil`, `tonne`, …), when the CMS says. */
  saleUnit: string | null;
  /** Rial per `unit`; null when the price is given on request. */
  price: number | null;
  /** The price is indicative (the CMS's `illustrative`). */
  illustrative: boolean;
  attributes: Record<string, string | number | null>;
  /** The sub-category's path as the CMS holds it (`rebar/kalaf`): the page's path without the product's slug. */
  subCategory: string;
  producer: string | null;
}

/** The props each slot's contributions receive. */
export interface SlotProps {
  'product.actions': { product: SlotProduct };
  'listing.row': { product: SlotProduct };
  'panel.dashboard': Record<string, never>;
  'header.counter': Record<string, never>;
}

/**
 * The chunk a contribution's code is in when its contributor splits it off (`lazyContribution` in
 * `@steel/shared/slots`), by convention: `slot-` and the slot's name with its dot as a dash
 * (`slot-header-counter`). The build weighs each slot's cost by it; a contributor that keeps every
 * slot in its `./slots` module is weighed whole for each.
 */
export const slotChunkName = (slot: SlotName) => `slot-${slot.replace(/\./g, '-')}`;

/** A props version: `major.minor.patch`. */
export const SLOT_PROPS_VERSION_RE = /^(\d+)\.(\d+)\.(\d+)$/;

/**
 * One slot an app fills: the props version it was built against, and its place among others
 * (lower first). Parsed from app manifests by `app-manifest-schema.ts`: this module runs on every
 * page (the hosts' `<Slot>`), so it holds no schema code.
 */
export interface SlotContribution {
  slot: SlotName;
  props: string;
  order: number;
  /** When it can show anything at all: without it, always (since contract 1.11). */
  when?: SlotCondition;
}

/**
 * What a contribution shows nothing without, in terms the browser checks without its code
 * (docs/architecture.md, "Extension slots"): the contributor's code is loaded only while the
 * condition holds, so a slot costs nothing on a page where it would render nothing — the header's
 * counter of an empty basket. The server renders for nobody, so it leaves such a contribution to
 * the browser.
 */
export interface SlotCondition {
  /**
   * `localStorage` keys: the condition holds while any of them holds a non-empty value. The
   * contributor removes a key when it has nothing to show for it, and calls
   * `announceSlotCondition()` after each change (another tab's is heard through the `storage` event).
   */
  storage: string[];
}

/** The window event a contributor dispatches after changing a key its condition names. */
export const SLOT_CONDITION_EVENT = 'steel:slot-condition';

/** Tells the slot hosts of this page that a key a contribution's condition names has changed. */
export function announceSlotCondition(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SLOT_CONDITION_EVENT));
}

/**
 * Whether a contribution with this condition may show something now. Without storage (refused by
 * the browser) the keys cannot be read: the contribution is loaded as if it had no condition.
 */
export function slotConditionHolds(when: SlotCondition | undefined, storage: Pick<Storage, 'getItem'> | null): boolean {
  if (!when || !storage) return true;
  return when.storage.some((key) => Boolean(storage.getItem(key)));
}
/** The slots an app's pages render, each at the props version it was built with. */
export type SlotHosts = Partial<Record<SlotName, string>>;

const parts = (version: string) => (SLOT_PROPS_VERSION_RE.exec(version) ?? []).slice(1, 3).map(Number);

/**
 * Why a contribution built against `contributed` cannot be rendered in a host that renders the slot
 * at `hosted`, or null when it can: the same major, and no minor the host does not provide.
 */
export function slotPropsIncompatibility(slot: SlotName, hosted: string, contributed: string): string | null {
  const [hostMajor, hostMinor] = parts(hosted);
  const [major, minor] = parts(contributed);
  if (hostMajor !== major) return `${slot} props ${contributed} against the host's ${hosted} (another major)`;
  if ((minor ?? 0) > (hostMinor ?? 0)) return `${slot} props ${contributed} is newer than the host's ${hosted}`;
  return null;
}

/** The slots a host app renders, at this contract's props versions. */
export function hostedSlots(...names: SlotName[]): SlotHosts {
  return Object.fromEntries(names.map((name) => [name, SLOTS[name].props]));
}

/** One live contribution to a slot, as hosts find it in the registry. */
export interface LiveContribution {
  app: string;
  props: string;
  order: number;
  when?: SlotCondition;
}

/** Per slot, the live contributions in the order they are shown (their `order`, then the app's name). */
export type SlotContributions = Partial<Record<SlotName, LiveContribution[]>>;

/** The live contributions of every slot, from the registry's entries. */
export function registryContributions(
  registry: Partial<Record<string, { contributions?: SlotContribution[] }>>,
): SlotContributions {
  const bySlot: SlotContributions = {};
  for (const [app, entry] of Object.entries(registry)) {
    for (const { slot, props, order, when } of entry?.contributions ?? [])
      (bySlot[slot] ??= []).push({ app, props, order, ...(when ? { when } : {}) });
  }
  for (const list of Object.values(bySlot)) list.sort((a, b) => a.order - b.order || a.app.localeCompare(b.app));
  return bySlot;
}

/** What the render worker asks a contributor's server entry for: one slot, with the host's props. */
export interface SlotRenderRequest {
  slot: SlotName;
  props: unknown;
  config: RuntimeConfig;
  cmsUrl?: string;
  /** The useId prefix of this contribution's root (the browser hydrates with the same). */
  identifierPrefix: string;
}

export interface SlotRenderResult {
  html: string;
  /** The contributor's stylesheet, once per page however many slots it fills. */
  css: string;
}

/** A slot the host's server render left for the worker to fill: `marker` stands where its contributions go. */
export interface SlotRequest {
  marker: string;
  slot: SlotName;
  /** The props version the host renders the slot at (its kit's contract). */
  version: string;
  props: unknown;
}

/** The comment a host's server render puts where a slot's contributions go. */
export const slotMarker = (index: number) => `<!--steel-slot:${index}-->`;
