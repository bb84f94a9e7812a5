/**
 * The gate's weight budgets (docs/architecture.md, "Deploying a remote"): what a cold visit to each
 * page kind downloads of the app, as its build measured it (the app manifest's `weights`), may grow over
 * the live version's by a set share at most, and never pass an absolute budget per app and page
 * kind (data/platform/weight-budgets.json, kept in this repository by the platform team). What an
 * app's slot contributions add to other apps' pages is weighed the same way, under `slots`. One line
 * names the page, the figures and the chunk that grew; `--force "<reason>"` overrides it like any rule.
 */
import { SLOT_CONTRIBUTIONS, type AppManifest, type PageWeight } from '@steel/contract';
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
  page === SLOT_CONTRIBUTIONS ? "its slot contributions (on other apps' pages)" : page;

/** The weight budget of one page kind: its own, else the app's default, else every app's. */
export function weightBudgetOf(
  budgets: WeightBudgets,
  app: string,
  page: string,
  kind: (typeof KINDS)[number],
): number | undefined {
  const own = budgets.apps[app];
  return own?.[page]?.[kind] ?? own?.['default']?.[kind] ?? budgets.default[kind];
}

/** The chunk that grew most between two weights (a new chunk grows by all of it). */
function grewMost(weight: PageWeight, live: PageWeight | undefined): string {
  const growth = Object.entries(weight.chunks)
    .map(([chunk, bytes]) => [chunk, bytes - (live?.chunks[chunk] ?? 0)] as const)
    .sort((a, b) => b[1] - a[1])[0];
  return growth && growth[1] > 0 ? `${growth[0]} (+${kb(growth[1])})` : 'none alone';
}

export function weightRule(
  manifest: AppManifest,
  liveOwn: AppManifest | null,
  budgets: WeightBudgets = WEIGHT_BUDGETS,
): RuleResult {
  const retry = 'make it lighter (a lazy chunk, a smaller dependency), or deploy with --force "<reason>"';
  for (const [page, weight] of Object.entries(manifest.weights ?? {})) {
    const live = liveOwn?.weights?.[page];
    for (const kind of KINDS) {
      const budget = weightBudgetOf(budgets, manifest.app, page, kind);
      if (budget !== undefined && weight[kind] > budget)
        return `weights: ${weighedPart(page)} downloads ${kb(weight[kind])} of ${kindName[kind]} from ${manifest.app}, over its weight budget of ${kb(budget)} (data/platform/weight-budgets.json); grew most: ${grewMost(weight, live)}; ${retry}`;
      if (!live) continue;
      const allowed = live[kind] * (1 + budgets.growthShare);
      if (weight[kind] > allowed && weight[kind] - live[kind] > budgets.minimumGrowthBytes) {
        const share = ((weight[kind] / live[kind] - 1) * 100).toFixed(1);
        return `weights: ${weighedPart(page)} downloads ${kb(weight[kind])} of ${kindName[kind]} from ${manifest.app}, ${share} % more than the live version's ${kb(live[kind])} (${Math.round(budgets.growthShare * 100)} % allowed); grew most: ${grewMost(weight, live)}; ${retry}`;
      }
    }
  }
  return null;
}
