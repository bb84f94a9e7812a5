/**
 * The contract between the shell and the remotes (docs/architecture.md, "The versioned contract"):
 * everything that crosses an app boundary, described once, as data a running app and the deploy
 * gate can check. TypeScript types alone vanish at run time, and the apps are deployed separately,
 * so a mismatch must be caught by the code that receives it.
 *
 * Semantic versioning: removing or changing a mount prop, an event, a server-entry export or a
 * app manifest field is a major bump; adding an optional one is a minor bump.
 * `published-contract.json` (in this package) holds the description as last published; a unit test fails
 * when the description changes without the matching bump.
 */
import type { AppEvents } from './events';

import { CONTRACT_VERSION } from './contract-version';
import { REMOTE_INTEGRITY_GLOBAL } from './integrity';
import { FEDERATION_BUNDLER_RUNTIME_GLOBAL, FEDERATION_RUNTIME_GLOBAL } from './app-manifest';
import { SLOT_CONDITION_EVENT, SLOT_NAMES } from './slots';

export { CONTRACT_VERSION, speaksContract } from './contract-version';

type Kind = 'function' | 'object';

/**
 * The mount props, each with what it must be (`ShellContext`, their types in @steel/shared, is checked
 * against this list). Every other list of the fields (picking them out of single-spa's props,
 * checking them) derives from this one.
 */
export const SHELL_CONTEXT_FIELDS = {
  bus: { kind: 'object', required: true },
  session: { kind: 'object', required: true },
  api: { kind: 'object', required: true },
  queryClient: { kind: 'object', required: true },
  config: { kind: 'object', required: true },
  navigate: { kind: 'function', required: true },
  setPageMeta: { kind: 'function', required: false },
  prefetch: { kind: 'function', required: false },
  prefetchOnIntent: { kind: 'function', required: false },
  colourMode: { kind: 'object', required: false },
  reportFailure: { kind: 'function', required: false },
  slots: { kind: 'object', required: false },
} as const satisfies Record<string, { kind: Kind; required: boolean }>;

type Exhaustive<T extends string> = { [K in T]: true };
const EVENTS: Exhaustive<keyof AppEvents> = {
  'session:changed': true,
  'toast:add': true,
  'toast:remove': true,
  'page:loading:start': true,
  'page:loading:end': true,
  'app:error': true,
  'app:manifest:update': true,
  'app:chunk-error': true,
  'api:error': true,
  'consent:changed': true,
};
/** Every bus event name (the payloads are typed in `events.ts`). */
export const APP_EVENT_NAMES = Object.keys(EVENTS) as (keyof AppEvents)[];

/** What each kind of server entry exports (`contracts/server-render.ts`). */
export const SERVER_ENTRY_EXPORTS = {
  remote: ['render', 'pages'],
  shell: ['decideRoute', 'renderShell'],
  // A remote that fills extension slots (`slots.ts`) renders them here; the app manifest says which.
  contributor: ['renderSlot', 'contributions'],
} as const;

/** The fields of a page route in a page list (`contracts/app-manifest.ts`). */
export const PAGE_ROUTE_FIELDS = [
  'path',
  'rendering',
  'guards',
  'layout',
  'query',
  'stateSource',
  'subpages',
  'printable',
  'sample',
  'chunk',
  'slots',
  'sitemap',
  'nav',
  'feeds',
] as const;
/** The fields of a `/remotes.json` entry. */
export const REGISTRY_ENTRY_FIELDS = [
  'version',
  'entry',
  'integrity',
  'files',
  'filesIntegrity',
  'contract',
  'shared',
  'pages',
  'navigation',
  'slotHosts',
  'contributions',
] as const;

/** The contract as data: what the published-contract test compares. */
export function describeContract() {
  return {
    version: CONTRACT_VERSION,
    shellContext: SHELL_CONTEXT_FIELDS,
    events: [...APP_EVENT_NAMES].sort(),
    serverEntry: SERVER_ENTRY_EXPORTS,
    pageRoute: PAGE_ROUTE_FIELDS,
    registryEntry: REGISTRY_ENTRY_FIELDS,
    // Renaming it would leave remotes built before loading their chunks unchecked: a major change.
    integrityGlobal: REMOTE_INTEGRITY_GLOBAL,
    // The shell gives the remotes its federation runtime there; a remote requires it through `shared`.
    federationRuntimeGlobal: FEDERATION_RUNTIME_GLOBAL,
    // And its glue to webpack, the same way (added in 1.8: a remote needing it requires it in `shared`).
    federationBundlerRuntimeGlobal: FEDERATION_BUNDLER_RUNTIME_GLOBAL,
    // The extension slots (their props carry versions of their own, `slots.ts`).
    slots: [...SLOT_NAMES],
    // A slot contribution's fields in app manifests and registry entries (`when` since 1.11).
    slotContribution: ['slot', 'props', 'order', 'when'],
    // What a contributor dispatches when a key its `when` names changed (since 1.11).
    slotConditionEvent: SLOT_CONDITION_EVENT,
  };
}

/**
 * What is wrong with the mount props a remote was handed, one line per problem (empty when they
 * keep the contract). A shell that renamed `navigate` is caught here, at mount, instead of as
 * dead links later.
 */
export function mountPropProblems(props: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [name, field] of Object.entries(SHELL_CONTEXT_FIELDS)) {
    const value = props[name];
    if (value === undefined || value === null) {
      if (field.required) problems.push(`the mount prop "${name}" is missing`);
    } else if (typeof value !== field.kind) {
      problems.push(`the mount prop "${name}" is a ${typeof value}, not a ${field.kind}`);
    }
  }
  return problems;
}

/** Thrown when two apps do not keep the contract: a contained failure of the remote, never a half-working page. */
export class ContractError extends Error {
  override readonly name = 'ContractError';
}
