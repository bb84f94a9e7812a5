/**
 * Fills a page's extension slots on the server (docs/architecture.md, "Extension slots"): where the
 * host's render left a slot's marker, each live contribution to that slot is rendered by its own
 * app's server entry, in order, within a time limit of its own. One that is missing, throws,
 * overruns or was built against props the host does not render leaves an empty element for the
 * browser to try, is reported as its own app's failure, and costs the host's page nothing.
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
}

export interface FilledSlots {
  html: string;
  /** Each contributor's stylesheet, once. */
  css: Record<RemoteName, string>;
  failures: SlotFailure[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** Runs `work` (timed from its first synchronous step: renderToString blocks before it returns). */
async function withinLimit<T>(work: () => Promise<T>, limitMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const started = performance.now();
  const running = work();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`over its ${limitMs} ms time limit`)), limitMs);
  });
  const result = await Promise.race([running, timeout]).finally(() => clearTimeout(timer));
  // A render that blocked the thread past the limit finished before the timer could fire: still over.
  const took = performance.now() - started;
  if (took > limitMs) throw new Error(`over its ${limitMs} ms time limit (${Math.round(took)} ms)`);
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
  let filled = html;
  for (const [index, request] of requests.entries()) {
    const parts: string[] = [];
    for (const contribution of context.contributions[request.slot] ?? []) {
      const { app } = contribution;
      const version = context.versions[app];
      if (!version || context.incompatible[app]) continue;
      const identifierPrefix = `${app}-${rootPrefix}${index}-`;
      // `data-app`: the contributor's stylesheet is scoped to its app's elements.
      const empty = `<div data-slot-contribution="${escapeAttribute(app)}" data-app="${escapeAttribute(app)}"></div>`;
      const problem = slotPropsIncompatibility(request.slot, request.version, contribution.props);
      if (problem) {
        failures.push({ app, version, slot: request.slot, reason: `not shown: ${problem}` });
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
        failures.push({ app, version, slot: request.slot, reason: (error as Error)?.message ?? String(error) });
        parts.push(empty);
      }
    }
    const markup = parts.join('');
    filled = filled.replace(request.marker, () => markup);
  }
  return { html: filled, css, failures };
}
