/**
 * The run-time schemas of the app manifest and of `/remotes.json` (`app-manifest.ts` has the
 * rest). They live apart so that code which only reads the types and rules — the shell's start-up
 * above all — does not carry zod: the server, the deploy gate and the build parse app manifests with
 * them, and the shell only the registries it fetches itself.
 */
import * as z from 'zod/mini';
import { SRI_DIGEST_RE } from './integrity';
import { GUARD_NAMES, LAYOUT_NAMES } from './page-route-names';
import { NAV_PLACES, type NavigationItem } from './site-navigation';
import { REMOTE_NAME_RE, type RemoteName } from './remotes';
import { SLOT_NAMES, SLOT_PROPS_VERSION_RE, type SlotName } from './slots';

// The site's Content-Security-Policy allows no eval; zod would probe for it (a CSP report on
// every page). Jitless costs nothing at these sizes.
z.config({ jitless: true });

/** A path pattern: `/blog`, `/blog/:slug`, `/rebar/*` (the last matches everything below). */
const PATH_RE = /^\/([a-z0-9_-]+|:[a-z][a-zA-Z0-9]*)(\/([a-z0-9_-]+|:[a-z][a-zA-Z0-9]*))*(\/\*)?$|^\/$/;

/** A page chunk's name: a file name's first part in the browser build. */
const CHUNK_NAME_RE = /^[a-z0-9][a-z0-9-]*$/;

const NAME_RE = /^[A-Za-z0-9_.-]+$/;
/** What a value may be (query-parameters.ts, `ValueRule`; contract 1.10). */
const valueRuleSchema = z.object({
  type: z.optional(z.enum(['number', 'date'])),
  maxLength: z.optional(z.number().check(z.int(), z.positive())),
  held: z.optional(z.boolean()),
});
const queryParameterSchema = z.union([
  // A bare name: one free value (app manifests built against contract 1.5 and before).
  z.string().check(z.regex(NAME_RE)),
  z.object({
    name: z.string().check(z.regex(NAME_RE)),
    kind: z.enum(['text', 'list']),
    value: z.optional(valueRuleSchema),
  }),
  z.object({
    name: z.string().check(z.regex(NAME_RE)),
    kind: z.literal('page'),
    perPage: z.optional(z.number().check(z.int(), z.positive())),
  }),
  z.object({
    name: z.string().check(z.regex(NAME_RE)),
    kind: z.literal('one-of'),
    values: z.array(z.string()),
    default: z.optional(z.string()),
  }),
]);
const declaredQuerySchema = z.array(queryParameterSchema);
/** A path of the CMS's API (under its `/api`), with `:name` placeholders filled from a page's path. */
const cmsApiPathSchema = z.string().check(z.regex(/^(\/([a-z0-9_-]+|:[a-z][a-zA-Z0-9]*))+$/));

/** A path of a fixed sitemap entry or a navigation link: no pattern, no query. */
const SITE_PATH_RE = /^\/[^?#\s]*$/;
/** A sitemap path with placeholders naming a record's fields, dotted through relations: `/:sub_category.path/:slug`. */
const SOURCE_PATH_RE = /^(\/([a-z0-9_-]+|:[a-z][a-zA-Z0-9_]*(\.[a-z][a-zA-Z0-9_]*)*))+$/;
/** A CMS collection as the CMS's REST API names it (`sub-categories`). */
const COLLECTION_RE = /^[a-z][a-z0-9-]*$/;
const navPlacesSchema = z.array(z.enum(NAV_PLACES));

const sitemapSourceSchema = z.union([
  z.object({
    collection: z.string().check(z.regex(COLLECTION_RE)),
    path: z.string().check(z.regex(SOURCE_PATH_RE)),
    within: z.optional(z.literal('navigation')),
  }),
  // Never a collection source that failed its own rule, read as a fixed path.
  z.object({
    path: z.string().check(z.regex(SITE_PATH_RE)),
    lastmodFrom: z.optional(z.string().check(z.regex(COLLECTION_RE))),
    collection: z.optional(z.never()),
  }),
]);

/** A field of a CMS record (`publish_date`). */
const FIELD_RE = /^[a-z][a-zA-Z0-9_]*$/;
/** A Strapi sort: a field, then `:asc` or `:desc`. */
const SORT_RE = /^[a-z][a-zA-Z0-9_]*(:(asc|desc))?$/;
const feedSourceSchema = z.object({
  path: z.string().check(z.regex(SITE_PATH_RE)),
  title: z.string().check(z.minLength(1)),
  description: z.string().check(z.minLength(1)),
  collection: z.string().check(z.regex(COLLECTION_RE)),
  sort: z.array(z.string().check(z.regex(SORT_RE))),
  limit: z.int().check(z.gte(1), z.lte(50)),
  itemPath: z.string().check(z.regex(SOURCE_PATH_RE)),
  fields: z.object({
    title: z.string().check(z.regex(FIELD_RE)),
    description: z.optional(z.string().check(z.regex(FIELD_RE))),
    published: z.optional(z.string().check(z.regex(FIELD_RE))),
    author: z.optional(z.string().check(z.regex(FIELD_RE))),
    categories: z.optional(z.string().check(z.regex(FIELD_RE))),
  }),
});

const navigationItemSchema: z.ZodMiniType<NavigationItem> = z.object({
  label: z.string().check(z.minLength(1)),
  path: z.string().check(z.regex(SITE_PATH_RE)),
  places: navPlacesSchema,
  order: z.number(),
  get children() {
    return z.optional(z.array(navigationItemSchema));
  },
});
const navigationSchema = z.array(navigationItemSchema);

const slotNameSchema = z.enum(SLOT_NAMES as [SlotName, ...SlotName[]]);

export const pageRouteSchema = z.object({
  path: z.string().check(z.regex(PATH_RE)),
  /** `server`: rendered by the app server and hydrated; `browser`: private pages, browser only. */
  rendering: z.enum(['server', 'browser']),
  guards: z.array(z.enum(GUARD_NAMES)),
  layout: z.enum(LAYOUT_NAMES),
  /**
   * The query parameters the page reads (query-parameters.ts): the app server redirects any other
   * spelling of the page's state to the canonical one. None when absent.
   */
  query: z.optional(declaredQuerySchema),
  /**
   * Where the app server asks the CMS which values the page's query holds and how many items a
   * state lists (query-parameters.ts, `QueryDeclarations`): a path of the CMS's API. Contract 1.10.
   */
  stateSource: z.optional(cmsApiPathSchema),
  /** Parts of a `/*` page that read a query of their own: the first whose path matches wins. */
  subpages: z.optional(
    z.array(
      z.object({
        path: z.string().check(z.regex(PATH_RE)),
        query: declaredQuerySchema,
        stateSource: z.optional(cmsApiPathSchema),
      }),
    ),
  ),
  /**
   * Pages at or below this one that `/_/print.pdf` prints (page-print.ts): each path pattern with
   * the CMS read, by the same parameters, that answers only to the customer who owns what it
   * shows (`/inquiries/:id`). No other page is printed. Contract 1.10.
   */
  printable: z.optional(z.array(z.object({ path: z.string().check(z.regex(PATH_RE)), owner: cmsApiPathSchema }))),
  /** A URL of this page for the deploy gate's smoke tests (default: the path with params filled). */
  sample: z.optional(z.string().check(z.regex(/^\//))),
  /**
   * The page's own chunk in the app's browser build (`lazyPage`), by name: its files are in the
   * app manifest's `chunks`, and the app server preloads them with the page.
   */
  chunk: z.optional(z.string().check(z.regex(CHUNK_NAME_RE))),
  /**
   * The extension slots the page renders (`slots.ts`), besides the shell's on every page: the deploy
   * gate weighs each contributor's code on each page kind by them. Contract 1.12.
   */
  slots: z.optional(z.array(slotNameSchema)),
  /** How the sitemap lists the page (`site-navigation.ts`); not listed when absent. */
  sitemap: z.optional(z.array(sitemapSourceSchema)),
  /** The feeds the page declares (`site-navigation.ts`, contract 1.9.0): the app server writes them. */
  feeds: z.optional(z.array(feedSourceSchema)),
  /** Where the page shows in the site's navigation; nowhere when absent. */
  nav: z.optional(z.object({ places: navPlacesSchema, label: z.string().check(z.minLength(1)), order: z.number() })),
});
export type PageRoute = z.infer<typeof pageRouteSchema>;

const sharedSchema = z.record(z.string(), z.object({ version: z.string(), requiredVersion: z.string() }));
/** Each shared singleton: the version this build bundles (and provides) and the range it requires. */
export type SharedDependencies = z.infer<typeof sharedSchema>;

/**
 * What a cold visit to one page kind downloads of an app before the page is interactive, in
 * compressed (brotli) bytes, measured by the build from its own chunk graph (`@steel/build`,
 * page-weights.ts); `chunks` gives each chunk's share by its name, so a refusal can say what grew.
 */
export const pageWeightSchema = z.object({
  js: z.number().check(z.nonnegative()),
  css: z.number().check(z.nonnegative()),
  chunks: z.record(z.string(), z.number().check(z.nonnegative())),
});
export type PageWeight = z.infer<typeof pageWeightSchema>;
/** The shell's weight is on every page: it is recorded under this key. */
export const EVERY_PAGE = '*';
/**
 * What an app's slot contributions add to other apps' pages (its entry and `./slots` module with
 * what they pull in), recorded under this key beside its own pages' weights.
 */
export const SLOT_CONTRIBUTIONS = 'slots';
/**
 * What an app's contribution to one slot adds to a page hosting that slot (its entry, `./slots`
 * module and the slot's own chunk), recorded under `slots:<slot>`; the deploy gate adds a
 * contributor's up per host page kind.
 */
export const slotContributionsKey = (slot: SlotName) => `${SLOT_CONTRIBUTIONS}:${slot}`;

/** An extension slot an app fills (`slots.ts`, `SlotContribution`). */
const slotContributionSchema = z.object({
  slot: slotNameSchema,
  props: z.string().check(z.regex(SLOT_PROPS_VERSION_RE)),
  order: z.number(),
  /** `SlotCondition`: the browser loads the contribution's code only while it holds. */
  when: z.optional(z.object({ storage: z.array(z.string().check(z.minLength(1))).check(z.minLength(1)) })),
});
/** The extension slots an app's pages render (`slots.ts`, `SlotHosts`). */
const slotHostsSchema = z.partialRecord(slotNameSchema, z.string().check(z.regex(SLOT_PROPS_VERSION_RE)));

export const appManifestSchema = z.object({
  /** A registered remote's name, or `shell` (which follows the same pattern). */
  app: z.string().check(z.regex(REMOTE_NAME_RE)),
  contract: z.string().check(z.regex(/^\d+\.\d+\.\d+$/)),
  shared: sharedSchema,
  pages: z.array(pageRouteSchema),
  /** Each page chunk's scripts in load order, relative to the entry's folder, by the chunk's name. */
  chunks: z.optional(z.record(z.string().check(z.regex(CHUNK_NAME_RE)), z.array(z.string()))),
  /** The server entry's path inside the version folder, when the app renders on the server. */
  serverEntry: z.nullable(z.string()),
  /** `sha384-…` of every file (Subresource Integrity form), added when the version is published. */
  files: z.optional(z.record(z.string(), z.string().check(z.regex(SRI_DIGEST_RE)))),
  /** The app's own navigation tree beside its pages' entries (the catalogue's categories). */
  navigation: z.optional(navigationSchema),
  /** Per page path (the shell: `EVERY_PAGE`; slot contributions: `SLOT_CONTRIBUTIONS`), what a cold visit downloads of this app; checked by the gate's weight budgets. */
  weights: z.optional(z.record(z.string(), pageWeightSchema)),
  /** The extension slots the app's pages render, at their props versions (`slots.ts`). */
  slotHosts: z.optional(slotHostsSchema),
  /** The slots the app fills on other apps' pages (its `./slots` module and server `renderSlot`). */
  contributions: z.optional(z.array(slotContributionSchema)),
});
export type AppManifest = z.infer<typeof appManifestSchema>;

export const registryEntrySchema = z.object({
  version: z.string(),
  /** The entry's URL: the app server's own path, or an absolute URL on the app's asset origin. */
  entry: z.string(),
  /**
   * The entry file's digest. Checked here: a browser loads a resource whose integrity it cannot
   * parse as if it had none.
   */
  integrity: z.optional(z.string().check(z.regex(SRI_DIGEST_RE))),
  /**
   * The digests of the other files the browser loads (`contracts/integrity.ts`), by path relative
   * to the entry: written only for a live shell older than `FILE_DIGESTS_SINCE`.
   */
  files: z.optional(z.record(z.string(), z.string().check(z.regex(SRI_DIGEST_RE)))),
  /** The digest of the version's `FILE_DIGESTS_FILE`, which holds those digests (instead of `files`). */
  filesIntegrity: z.optional(z.string().check(z.regex(SRI_DIGEST_RE))),
  contract: z.string(),
  shared: sharedSchema,
  pages: z.array(pageRouteSchema),
  /** The app manifest's `navigation`: the shell's menus show it while the app is live. */
  navigation: z.optional(navigationSchema),
  /** The app manifest's `slotHosts` and `contributions`: hosts find the live contributions here. */
  slotHosts: z.optional(slotHostsSchema),
  contributions: z.optional(z.array(slotContributionSchema)),
});
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

/**
 * `/remotes.json`: each live remote's build — where its entry lives and the digests of the files
 * the browser loads, the contract and shared ranges it was built with, and the pages it owns.
 */
export type RemoteRegistry = Record<RemoteName, RegistryEntry>;

/** Parses an app manifest; throws with zod's account of what is wrong. */
export function parseAppManifest(value: unknown): AppManifest {
  return appManifestSchema.parse(value);
}

/** The registry entries that keep the schema; a malformed one is left out (and reported). */
export function validRegistryEntries(
  registry: Partial<Record<RemoteName, unknown>>,
  report: (app: RemoteName, problem: string) => void = () => undefined,
): Partial<Record<RemoteName, RegistryEntry>> {
  const valid: Partial<Record<RemoteName, RegistryEntry>> = {};
  for (const [app, entry] of Object.entries<unknown>(registry)) {
    const parsed = registryEntrySchema.safeParse(entry);
    if (parsed.success) valid[app] = parsed.data;
    else
      report(
        app,
        `its registry entry is malformed: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
      );
  }
  return valid;
}
