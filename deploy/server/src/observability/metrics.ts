/**
 * The app server's Prometheus metrics (prom-client), one registry per server (tests build several
 * in one process). Every label takes a bounded set of values: a page is its route's path pattern
 * (`/blog/:slug`), never the URL asked for; an app version is one the builds folder holds.
 *
 * Counters and histograms are counted where things happen; what is a level (pages cached, render
 * workers, queues) is read when Prometheus scrapes, by the samplers the owners register.
 */
import { REMOTE_FAILURE_KINDS } from '@steel/contract';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { CmsCall, DeployEvent } from './request-context';

/**
 * How a page request was answered, as the page route's `x-render` header names it (`cache`,
 * `server`, `partial`, `browser`, `stale`), or: `error` (a 5xx page), `refused` (429, over the
 * client's renders), `redirect`.
 */
export type PageOutcome = 'cache' | 'server' | 'partial' | 'browser' | 'stale' | 'error' | 'refused' | 'redirect';

/** Seconds: from a cached page's milliseconds to a render waiting for a slow CMS. */
const DURATION_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const CALL_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createServerMetrics({ processMetrics = true }: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  const registers = [registry];
  // CPU, memory, event-loop lag, GC, handles: what every Node service exposes.
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const samplers = new Set<() => void>();

  const pageRequests = new Histogram({
    name: 'steel_page_request_duration_seconds',
    help: 'Page requests by page (its route pattern) and how they were answered (x-render, error, refused, redirect)',
    labelNames: ['page', 'outcome'] as const,
    buckets: DURATION_BUCKETS,
    registers,
  });
  const pageCacheLookups = new Counter({
    name: 'steel_page_cache_lookups_total',
    help: 'Rendered-page cache lookups: hit (fresh), stale (kept, to render again) or miss',
    labelNames: ['result'] as const,
    registers,
  });
  const pageCachePages = new Gauge({
    name: 'steel_page_cache_pages',
    help: "Pages in this server's page cache (its copy, with Redis)",
    registers,
  });
  const pageCacheBytes = new Gauge({
    name: 'steel_page_cache_bytes',
    help: "What the pages in this server's page cache count against SSR_CACHE_MB",
    registers,
  });
  const renderPools = new Gauge({
    name: 'steel_render_pools',
    help: 'Live sets with render workers of their own (the live one, canaries, overrides)',
    registers,
  });
  const renderThreads = new Gauge({ name: 'steel_render_threads', help: 'Render worker threads', registers });
  const renderQueue = new Gauge({
    name: 'steel_render_queue_length',
    help: 'Renders waiting for a free render worker',
    registers,
  });
  const rendersRefused = new Counter({
    name: 'steel_renders_refused_total',
    help: 'Fresh renders refused to a client over its renders a minute (RENDER_RATE_LIMIT_PER_MINUTE)',
    registers,
  });
  const requestsShed = new Counter({
    name: 'steel_requests_shed_total',
    help: 'Page requests answered at once with the busy 503 (security/load-shedding.ts): waited too long behind the proxy (queue) or the event loop lagging (event-loop)',
    labelNames: ['reason'] as const,
    registers,
  });
  const imageResizes = new Gauge({
    name: 'steel_image_resizes',
    help: 'Image resizes running and waiting in the queue',
    labelNames: ['state'] as const,
    registers,
  });
  const imageResizesRefused = new Counter({
    name: 'steel_image_resizes_refused_total',
    help: 'Image requests refused with 503 because the resize queue was full',
    registers,
  });
  const redisCommands = new Histogram({
    name: 'steel_redis_command_duration_seconds',
    help: 'Redis commands (shared state) by outcome: ok, error (failed, timed out, not connected) or skipped (the circuit breaker open)',
    labelNames: ['outcome'] as const,
    buckets: CALL_BUCKETS,
    registers,
  });
  const cmsCalls = new Histogram({
    name: 'steel_cms_request_duration_seconds',
    help: "Reads of the CMS by caller (render: a page's render worker; server: the server's own) and outcome",
    labelNames: ['caller', 'outcome'] as const,
    buckets: CALL_BUCKETS,
    registers,
  });
  const browserReports = new Counter({
    name: 'steel_version_reports_total',
    help: `Page views served and remote failures reported by browsers, per app version (kind: view, ${REMOTE_FAILURE_KINDS.join(', ')})`,
    labelNames: ['app', 'version', 'kind'] as const,
    registers,
  });
  const slotContributionsDisabled = new Counter({
    name: 'steel_slot_contributions_disabled_total',
    help: 'Slot contributions this server stopped rendering until their next version: their render blocked a host page',
    labelNames: ['app', 'version'] as const,
    registers,
  });
  const deployEvents = new Counter({
    name: 'steel_deploy_events_total',
    help: 'Deploy actions recorded by this server (publish, check, activate, canary, promote, abort, rollback, auto-abort, auto-rollback, refused, override…)',
    labelNames: ['app', 'action'] as const,
    registers,
  });

  const keyFailures = new Counter({
    name: 'steel_deploy_key_failures_total',
    help: 'Deploy keys refused at the deploy API and the console sign-in: wrong (an unknown key, counted against its address) or refused (429: its address had too many wrong ones)',
    labelNames: ['outcome'] as const,
    registers,
  });

  return {
    registry,
    contentType: registry.contentType,
    pageRequests,
    pageCacheLookups,
    pageCachePages,
    pageCacheBytes,
    renderPools,
    renderThreads,
    renderQueue,
    rendersRefused,
    requestsShed,
    imageResizes,
    imageResizesRefused,
    redisCommands,
    browserReports,
    slotContributionsDisabled,
    deployEvents,
    keyFailures,

    cmsCall(caller: 'render' | 'server', { seconds, outcome }: CmsCall): void {
      cmsCalls.observe({ caller, outcome }, seconds);
    },

    deployEvent({ app, action }: Pick<DeployEvent, 'app' | 'action'>): void {
      deployEvents.inc({ app, action });
    },

    /** `sample` sets its gauges before each scrape; returns its removal. */
    beforeScrape(sample: () => void): () => void {
      samplers.add(sample);
      return () => samplers.delete(sample);
    },

    /** The text Prometheus reads. */
    async scrape(): Promise<string> {
      for (const sample of samplers) sample();
      return registry.metrics();
    },
  };
}

export type ServerMetrics = ReturnType<typeof createServerMetrics>;
