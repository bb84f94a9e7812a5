/**
 * What each build says about itself (`app-manifest.json` beside its `remoteEntry.js` or
 * `index.html`) and what `/remotes.json` says about each live remote: the contract version it
 * was built against, the shared singletons it provides and requires, the pages it owns, and the
 * digest of every file (added at publish). These are read from disk and from the network, written
 * by other teams' builds, so they are parsed with run-time schemas, never trusted as typed.
 */
import * as z from 'zod/mini';
import { speaksContract } from './contract-version';
import { SRI_DIGEST_RE } from './integrity';
import { matchMostSpecific, parsePattern } from './path-patterns';
import type { RemoteName } from './remotes';

// The site's Content-Security-Policy allows no eval; zod would probe for it (a CSP report on
// every page). Jitless costs nothing at these sizes.
z.config({ jitless: true });

export const GUARD_NAMES = ['auth', 'cache'] as const;
/** `auth`: signed-in visitors only; `cache`: the page's CMS reads may be served from the query cache. */
export type GuardName = (typeof GUARD_NAMES)[number];
export const LAYOUT_NAMES = ['default', 'auth'] as const;
/** `default`: header and footer; `auth`: the customer panel's frame. */
export type LayoutName = (typeof LAYOUT_NAMES)[number];

/** A path pattern: `/blog`, `/blog/:slug`, `/rebar/*` (the last matches everything below). */
const PATH_RE = /^\/([a-z0-9_-]+|:[a-z][a-zA-Z0-9]*)(\/([a-z0-9_-]+|:[a-z][a-zA-Z0-9]*))*(\/\*)?$|^\/$/;

/** A page chunk's name: a file name's first part in the browser build. */
const CHUNK_NAME_RE = /^[a-z0-9][a-z0-9-]*$/;

export const pageRouteSchema = z.object({
  path: z.string().check(z.regex(PATH_RE)),
  /** `server`: rendered by the app server and hydrated; `browser`: private pages, browser only. */
  rendering: z.enum(['server', 'browser']),
  guards: z.array(z.enum(GUARD_NAMES)),
  layout: z.enum(LAYOUT_NAMES),
  /** The query parameters the page reads; the page cache ignores any other. */
  query: z.optional(z.array(z.string())),
  /** A URL of this page for the deploy gate's smoke tests (default: the path with params filled). */
  sample: z.optional(z.string().check(z.regex(/^\//))),
  /**
   * The page's own chunk in the app's browser build (`lazyPage`), by name: its files are in the
   * app manifest's `chunks`, and the app server preloads them with the page.
   */
  chunk: z.optional(z.string().check(z.regex(CHUNK_NAME_RE))),
});
export type PageRoute = z.infer<typeof pageRouteSchema>;

const sharedSchema = z.record(z.string(), z.object({ version: z.string(), requiredVersion: z.string() }));
/** Each shared singleton: the version this build bundles (and provides) and the range it requires. */
export type SharedDependencies = z.infer<typeof sharedSchema>;

/**
 * Listed among the shared dependencies though it is not a federation share: the shell gives the
 * remotes its federation runtime (a global), and a remote's production build has none of its own,
 * so a remote requires it like a singleton and a shell without it is refused, not crashed.
 */
export const FEDERATION_RUNTIME_SHARE = '@module-federation/runtime-core';
/**
 * The global the shell puts its federation runtime in and a remote's build reads it from
 * (federation's `externalRuntime`). Renaming it would leave every remote built before without a
 * runtime: a major change.
 */
export const FEDERATION_RUNTIME_GLOBAL = '_FEDERATION_RUNTIME_CORE';

export const appManifestSchema = z.object({
  app: z.enum(['shell', 'catalogue', 'blog', 'panel']),
  contract: z.string().check(z.regex(/^\d+\.\d+\.\d+$/)),
  shared: sharedSchema,
  pages: z.array(pageRouteSchema),
  /** Each page chunk's scripts in load order, relative to the entry's folder, by the chunk's name. */
  chunks: z.optional(z.record(z.string().check(z.regex(CHUNK_NAME_RE)), z.array(z.string()))),
  /** The server entry's path inside the version folder, when the app renders on the server. */
  serverEntry: z.nullable(z.string()),
  /** `sha384-…` of every file (Subresource Integrity form), added when the version is published. */
  files: z.optional(z.record(z.string(), z.string().check(z.regex(SRI_DIGEST_RE)))),
});
export type AppManifest = z.infer<typeof appManifestSchema>;
export const APP_MANIFEST_FILE = 'app-manifest.json';

export const registryEntrySchema = z.object({
  version: z.string(),
  /** The entry's URL: the app server's own path, or an absolute URL on the app's asset origin. */
  entry: z.string(),
  /**
   * The entry file's digest. Checked here: a browser loads a resource whose integrity it cannot
   * parse as if it had none.
   */
  integrity: z.optional(z.string().check(z.regex(SRI_DIGEST_RE))),
  /** The digests of the other files the browser loads (`contracts/integrity.ts`), by path relative to the entry. */
  files: z.optional(z.record(z.string(), z.string().check(z.regex(SRI_DIGEST_RE)))),
  contract: z.string(),
  shared: sharedSchema,
  pages: z.array(pageRouteSchema),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

/**
 * `/remotes.json`: each live remote's build — where its entry lives and the digests of the files
 * the browser loads, the contract and shared ranges it was built with, and the pages it owns.
 */
export type RemoteRegistry = Record<RemoteName, RegistryEntry>;

/** Parses a manifest; throws with zod's account of what is wrong. */
export function parseAppManifest(value: unknown): AppManifest {
  return appManifestSchema.parse(value);
}

/** The registry entries that keep the schema; a malformed one is left out (and reported). */
export function validRegistryEntries(
  registry: Partial<Record<RemoteName, unknown>>,
  report: (app: RemoteName, problem: string) => void = () => undefined,
): Partial<Record<RemoteName, RegistryEntry>> {
  const valid: Partial<Record<RemoteName, RegistryEntry>> = {};
  for (const [app, entry] of Object.entries(registry) as [RemoteName, unknown][]) {
    const parsed = registryEntrySchema.safeParse(entry);
    if (parsed.success) valid[app] = parsed.data;
    else report(app, `its registry entry is malformed: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  }
  return valid;
}

/** Decides whether `version` is inside `range` (Module Federation's own `satisfy`, passed in). */
export type Satisfies = (version: string, range: string) => boolean;

/**
 * Why a remote cannot run beside a shell, or null when it can: the same contract major, and every
 * shared singleton the remote requires provided by the shell within the remote's range. The shell
 * checks this before it mounts a remote (browser and server), and the deploy gate before activation.
 */
export function incompatibility(
  provider: { contract: string; shared: SharedDependencies },
  consumer: { contract?: string; shared?: SharedDependencies },
  satisfies: Satisfies,
): string | null {
  if (!speaksContract(consumer.contract, provider.contract)) {
    return `it speaks contract ${consumer.contract ?? 'none'}, the shell speaks ${provider.contract}`;
  }
  for (const [name, { requiredVersion }] of Object.entries(consumer.shared ?? {})) {
    const provided = provider.shared[name]?.version;
    if (!provided) return `it requires ${name} ${requiredVersion}, which the shell does not share`;
    if (!satisfies(provided, requiredVersion)) return `it requires ${name} ${requiredVersion}, the shell shares ${provided}`;
  }
  return null;
}

/** A URL of the page for smoke tests: its sample, or its path with each parameter filled in. */
export function samplePath(route: PageRoute): string {
  if (route.sample) return route.sample;
  const path = route.path.replace(/\/\*$/, '').replace(/:[a-zA-Z0-9]+/g, 'sample');
  return path === '' ? '/' : path;
}

/** The live page that owns a path, by the site's one matching rule (for its declared query parameters). */
export function findPageRoute(pages: Partial<Record<RemoteName, readonly PageRoute[]>>, pathname: string): { app: RemoteName; route: PageRoute } | null {
  const all = (Object.entries(pages) as [RemoteName, readonly PageRoute[]][]).flatMap(([app, routes]) => routes.map((route) => ({ app, route })));
  return matchMostSpecific(all, ({ route }) => parsePattern(route.path), pathname)?.candidate ?? null;
}
