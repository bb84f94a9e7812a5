/**
 * Fills a page's extension slots on the server (docs/architecture.md, "Extension slots"): where the
 * host's render left a slot's marker, each live contribution to that slot is rendered by its own
 * app's server entry, in order, within a time limit of its own. One that is missing, throws,
 * overruns or was built against props the host does not render leaves an empty element for the
 * browser to try and is reported as its own app's failure.
 *
 * A contribution cannot slow its host: one that overran is not rendered again in the same page
 * (a listing has 24 rows), and one the server has disabled for its version (`disabled`: it
 * blocked the thread, slot-overruns.ts) is not rendered at all — its element is left to the browser.
 */
import {
  slotPropsIncompatibility,
  type RemoteName,
  type RemoteServerEntry,
  type RuntimeConfig,
  type SlotContributions,
  type SlotName,
  type SlotRequest,
} from '@steel/contract';
import { loadServerEntry, serverEntryPath } from './load-server-entry';

export interface SlotFailure {
  app: RemoteName;
  version: string;
  slot: SlotName;
  reason: string;
  /** How long the contribution's render held the thread, when it blocked past its time limit. */
  blockedMs?: number;
}

export interface SlotFillContext {
  contributions: SlotContributions;
  versions: Record<string, string>;
  incompatible: Record<RemoteName, string>;
  buildsDir: string;
  config: RuntimeConfig;
  cmsUrl: string;
  /** How long one contribution's server render may take. */
  timeLimitMs: number;
  /** Contributions of live versions the server no longer renders, by app, and why. */
  disabled: Record<RemoteName, string>;
}

export interface FilledSlots {
  html: string;
  /** Each contributor's stylesheet, once. */
  css: Record<RemoteName, string>;
  failures: SlotFailure[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A contribution's render went past its time limit; `blockedMs` when it held the thread all along. */
class OverranError extends Error {
  constructor(
    message: string,
    readonly blockedMs?: number,
  ) {
    super(message);
  }
}

/** Runs `work` (timed from its first synchronous step: renderToString blocks before it returns). */
async function withinLimit<T>(work: () => Promise<T>, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  const running = work();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OverranError(`over its ${limitMs} ms time limit`)), limitMs);
  });
  const result = await Promise.race([running, timeout]).finally(() => clearTimeout(timer));
  // A render that blocked the thread past the limit finished before the timer could fire: still over.
  const took = performance.now() - started;
  if (took > limitMs) throw new OverranError(`over its ${limitMs} ms time limit (${Math.round(took)} ms)`, took);
  return result;
}

/** `html` with every slot marker of `requests` replaced by its contributions' markup. */
export async function fillSlots(
  html: string,
  requests: readonly SlotRequest[],
  context: SlotFillContext,
  rootPrefix: string,
): Promise<FilledSlots> {
  const css: Record<RemoteName, string> = {};
  const failures: SlotFailure[] = [];
  // Apps whose contribution overran in this page: not asked again for its other slots and rows.
  const overran = new Set<RemoteName>();
  let filled = html;
  for (const [index, request] of requests.entries()) {
    const parts: string[] = [];
    for (const contribution of context.contributions[request.slot] ?? []) {
      const { app } = contribution;
      const version = context.versions[app];
      if (!version || context.incompatible[app]) continue;
      // A contribution with a condition shows nothing without what only the browser holds (its
      // storage), and the server renders for nobody: it is left out — no element, no stylesheet in
      // the head — and the browser adds it while its condition holds.
      if (contribution.when) continue;
      const identifierPrefix = `${app}-${rootPrefix}${index}-`;
      // `data-app`: the contributor's stylesheet is scoped to its app's elements.
      const empty = `<div data-slot-contribution="${escapeAttribute(app)}" data-app="${escapeAttribute(app)}"></div>`;
      const problem = slotPropsIncompatibility(request.slot, request.version, contribution.props);
      const withheld = problem
        ? `not shown: ${problem}`
        : context.disabled[app]
          ? `not rendered on this server: ${context.disabled[app]}`
          : overran.has(app)
            ? 'not rendered again in this page: it overran its time limit in another slot'
            : null;
      if (withheld) {
        // Said once per app and page: the rows after the first say nothing new.
        if (!failures.some((failure) => failure.app === app && failure.reason === withheld))
          failures.push({ app, version, slot: request.slot, reason: withheld });
        parts.push(empty);
        continue;
      }
      try {
        const entry = loadServerEntry<RemoteServerEntry>(serverEntryPath(context.buildsDir, app, version));
        if (!entry?.renderSlot) throw new Error('its server entry renders no slots');
        const renderSlot = entry.renderSlot.bind(entry);
        const rendered = await withinLimit(
          () =>
            renderSlot({
              slot: request.slot,
              props: request.props,
              config: context.config,
              cmsUrl: context.cmsUrl,
              identifierPrefix,
            }),
          context.timeLimitMs,
        );
        css[app] ??= rendered.css;
        parts.push(
          `<div data-slot-contribution="${escapeAttribute(app)}" data-app="${escapeAttribute(app)}" data-slot-ssr="${escapeAttribute(identifierPrefix)}">${rendered.html}</div>`,
        );
      } catch (error) {
        const blockedMs = error instanceof OverranError ? error.blockedMs : undefined;
        if (error instanceof OverranError) overran.add(app);
        failures.push({
          app,
          version,
          slot: request.slot,
          reason: (error as Error)?.message ?? String(error),
          ...(blockedMs === undefined ? {} : { blockedMs }),
        });
        parts.push(empty);
      }
    }
    const markup = parts.join('');
    filled = filled.replace(request.marker, () => markup);
  }
  return { html: filled, css, failures };
}
