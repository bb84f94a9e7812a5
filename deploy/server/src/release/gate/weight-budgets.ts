/**
 * The gate's weight budgets (docs/architecture.md, "Deploying a remote"): what a cold visit to each
 * page kind downloads of the app, as its build measured it (the app manifest's `weights`), may grow over
 * the live version's by a set share at most, and never pass an absolute budget per app and page
 * kind (data/platform/weight-budgets.json, kept in this repository by the platform team). What an
 * app's slot contributions add to other apps' pages is weighed the same way, under `slots:<slot>`
 * (each slot; `slots`, the whole `./slots` module, from a build that did not know its slots), and
 * then per host page kind (`slotCostsOnPages`): a contributor's
 * code on each page kind of every live app, by the slots that page renders — the candidate in place
 * of its live version, whether it is the contributor or the host. One line names the page, the
 * figures and the chunk that grew; `--force "<reason>"` overrides it like any rule.
 */
import {
  SLOT_CONTRIBUTIONS,
  slotContributionsKey,
  type AppManifest,
  type PageWeight,
  type SlotName,
} from '@steel/contract';
import type { RuleResult } from './static-rules';
import budgetFile from '../../../../../data/platform/weight-budgets.json';

interface WeightBudget {
  js?: number;
  css?: number;
}
export interface WeightBudgets {
  /** How much more than the live version a page kind may download (0.1: 10 %). */
  growthShare: number;
  /** Growth below this many bytes is never refused: a few hundred bytes on a small page is not a regression. */
  minimumGrowthBytes: number;
  /** Any app's page kinds, unless the app or the page has its own. */
  default: WeightBudget;
  /** Per app: `default` for its every page, or a page path (the shell's is `*`). */
  apps: Record<string, Record<string, WeightBudget>>;
}

export const WEIGHT_BUDGETS = budgetFile as WeightBudgets;

const KINDS = ['js', 'css'] as const;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const kindName = { js: 'JS', css: 'CSS' } as const;
/** What a weight is of, in a refusal: a page kind's path, or the app's slot contributions. */
const weighedPart = (page: string) =>
  page === SLOT_CONTRIBUTIONS
    ? "its slot contributions (on other apps' pages)"
    : page.startsWith(`${SLOT_CONTRIBUTIONS}:`)
      ? `its contribution to ${page.slice(SLOT_CONTRIBUTIONS.length + 1)}`
      : page;

/** The weight budget of one page kind: its own, else the app's default, else every app's. */
export function weightBudgetOf(
  budgets: WeightBudgets,
  app: string,
  page: string,
  kind: (typeof KINDS)[number],
): number | undefined {
  const own = budgets.apps[app];
  // One slot's contribution, or all of them on one host page kind: the contributor's `slots` budget.
  const key = page.startsWith(`${SLOT_CONTRIBUTIONS}:`) ? SLOT_CONTRIBUTIONS : page;
  return own?.[key]?.[kind] ?? own?.['default']?.[kind] ?? budgets.default[kind];
}

/** The chunk that grew most between two weights (a new chunk grows by all of it). */
function grewMost(weight: PageWeight, live: PageWeight | undefined): string {
  const growth = Object.entries(weight.chunks)
    .map(([chunk, bytes]) => [chunk, bytes - (live?.chunks[chunk] ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])[0];
  return growth && growth[1] > 0 ? `${growth[0]} (+${kb(growth[1])})` : 'none alone';
}

/** Refusal line's advice for a weight over its budget. */
const RETRY = 'make it lighter (a lazy chunk, a smaller dependency), or deploy with --force "<reason>"';

/** Why `weight` is refused against its budget and the live figure, or null. */
function overBudget(
  what: string,
  app: string,
  budgetKey: string,
  weight: PageWeight,
  live: PageWeight | undefined,
  budgets: WeightBudgets,
): RuleResult {
  for (const kind of KINDS) {
    const budget = weightBudgetOf(budgets, app, budgetKey, kind);
    if (budget !== undefined && weight[kind] > budget)
      return `weights: ${what} downloads ${kb(weight[kind])} of ${kindName[kind]} from ${app}, over its weight budget of ${kb(budget)} (data/platform/weight-budgets.json); grew most: ${grewMost(weight, live)}; ${RETRY}`;
    if (!live) continue;
    const allowed = live[kind] * (1 + budgets.growthShare);
    if (weight[kind] > allowed && weight[kind] - live[kind] > budgets.minimumGrowthBytes) {
      const share = ((weight[kind] / live[kind] - 1) * 100).toFixed(1);
      return `weights: ${what} downloads ${kb(weight[kind])} of ${kindName[kind]} from ${app}, ${share} % more than the live version's ${kb(live[kind])} (${Math.round(budgets.growthShare * 100)} % allowed); grew most: ${grewMost(weight, live)}; ${RETRY}`;
    }
  }
  return null;
}

export function weightRule(
  manifest: AppManifest,
  liveOwn: AppManifest | null,
  budgets: WeightBudgets = WEIGHT_BUDGETS,
): RuleResult {
  for (const [page, weight] of Object.entries(manifest.weights ?? {})) {
    const refusal = overBudget(weighedPart(page), manifest.app, page, weight, liveOwn?.weights?.[page], budgets);
    if (refusal) return refusal;
  }
  return null;
}

/** What one contributor's code adds to one page kind of a host: its parts of the slots the page renders. */
export interface SlotCost {
  contributor: string;
  host: string;
  /** The host's page path (`/rebar/*`). */
  page: string;
  slots: SlotName[];
  weight: PageWeight;
}

/**
 * Several slots' weights on one page: each chunk once. Only the `./slots` module's group carries a
 * contributor's stylesheet, the same in each slot's weight: the CSS is the largest of them, the
 * rest of the bytes script.
 */
function together(weights: readonly PageWeight[]): PageWeight {
  const chunks: Record<string, number> = {};
  for (const weight of weights) Object.assign(chunks, weight.chunks);
  const css = Math.max(0, ...weights.map((weight) => weight.css));
  const bytes = Object.values(chunks).reduce((sum, size) => sum + size, 0);
  return { js: bytes - css, css, chunks };
}

/**
 * Every contributor's cost on every page kind of the apps given (the live set, or the live set
 * with a candidate in place): a page renders the shell's slots (the header's, on every page) and
 * those its route lists (`slots`). A contributor built before per-slot weights (contract 1.12) is
 * weighed by all its slot code on each.
 */
export function slotCostsOnPages(manifests: readonly AppManifest[]): SlotCost[] {
  const onEveryPage = Object.keys(
    manifests.find((manifest) => manifest.app === 'shell')?.slotHosts ?? {},
  ) as SlotName[];
  const costs: SlotCost[] = [];
  for (const contributor of manifests) {
    const filled = new Set((contributor.contributions ?? []).map(({ slot }) => slot));
    const weights = contributor.weights ?? {};
    for (const host of manifests) {
      for (const page of host.pages) {
        const slots = [...new Set([...onEveryPage, ...(page.slots ?? [])])].filter((slot) => filled.has(slot));
        const parts = slots.flatMap((slot) => weights[slotContributionsKey(slot)] ?? weights[SLOT_CONTRIBUTIONS] ?? []);
        if (parts.length)
          costs.push({ contributor: contributor.app, host: host.app, page: page.path, slots, weight: together(parts) });
      }
    }
  }
  return costs;
}

/**
 * The slot costs a candidate changes (as the contributor, or as the host whose pages list the
 * slots; a shell changes the header's on every page), each held to the contributor's `slots`
 * budget and to the same pair's live figure.
 */
export function slotCostRule(
  manifest: AppManifest,
  liveOthers: Partial<Record<string, AppManifest>>,
  liveOwn: AppManifest | null,
  budgets: WeightBudgets = WEIGHT_BUDGETS,
): RuleResult {
  const others = Object.values(liveOthers).filter((other): other is AppManifest => Boolean(other));
  // Compared with the live figure of the same slots on the same page: a host that starts to render a
  // slot there chose that code, and is held to the budget alone.
  const pair = (cost: SlotCost) => `${cost.contributor} ${cost.host} ${cost.page} ${cost.slots.join(' ')}`;
  const liveCosts = new Map(
    slotCostsOnPages(liveOwn ? [...others, liveOwn] : others).map((cost) => [pair(cost), cost]),
  );
  for (const cost of slotCostsOnPages([...others, manifest])) {
    if (manifest.app !== 'shell' && cost.contributor !== manifest.app && cost.host !== manifest.app) continue;
    const what = `${cost.contributor === cost.host ? 'its' : `${cost.contributor}'s`} contributions to ${cost.host}'s page ${cost.page} (${cost.slots.join(', ')})`;
    const refusal = overBudget(
      what,
      cost.contributor,
      SLOT_CONTRIBUTIONS,
      cost.weight,
      liveCosts.get(pair(cost))?.weight,
      budgets,
    );
    if (refusal) return refusal;
  }
  return null;
}
