/**
 * The monolith's stand-in for `@module-federation/enhanced/runtime` (create-monolith-config.ts
 * aliases it): the shell's code runs unchanged, and "loading a remote" imports that app's
 * lifecycles from the same bundle — split per app, as any single-page app splits by section.
 * Compiled into the measuring-stick build only (`npm run build:monolith`), never deployed.
 */
import type { RemoteName } from '@steel/contract';

/** The versions the shell's package installs, put here by the monolith's build. */
declare const __MONOLITH_SHARED__: Record<string, string>;

const apps: Record<RemoteName, () => Promise<unknown>> = {
  // Each remote's `./app`, the module it exposes to federation, through its package's exports.
  catalogue: () => import('@steel/catalogue/app'),
  blog: () => import('@steel/blog/app'),
  panel: () => import('@steel/panel/app'),
};

export async function loadRemote<T>(id: string): Promise<T | null> {
  const load = apps[id.slice(0, id.indexOf('/'))];
  return load ? ((await load()) as T) : null;
}

// Nothing to register or negotiate: one build, one copy of everything.
export function registerRemotes(): void {}
export function registerPlugins(): void {}
export function init(): void {}
export const satisfy = (): boolean => true;

export function getInstance() {
  return {
    version: 'monolith',
    options: {
      shared: Object.fromEntries(Object.entries(__MONOLITH_SHARED__).map(([name, version]) => [name, [{ version }]])),
    },
  };
}

export type ModuleFederationRuntimePlugin = Record<string, unknown>;
