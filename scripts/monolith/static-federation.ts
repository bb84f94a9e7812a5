/**
 * The monolith's stand-in for `@module-federation/enhanced/runtime` (create-monolith-config.ts
 * aliases it): the shell's code runs unchanged, and "loading a remote" imports that app's
 * lifecycles from the same bundle — split per app, as any single-page app splits by section.
 * Compiled into the measuring-stick build only (`npm run build:monolith`), never deployed.
 */
/** The versions the shell's package installs, put here by the monolith's build. */
declare const __MONOLITH_SHARED__: Record<string, string>;

const modules: Record<string, () => Promise<unknown>> = {
  // Each module a remote exposes to federation (`<app>/app`, `<app>/slots`), through its package's
  // exports — the inquiry team's app too, so that a site with it live compares like with like.
  'catalogue/app': () => import('@steel/catalogue/app'),
  'blog/app': () => import('@steel/blog/app'),
  'panel/app': () => import('@steel/panel/app'),
  'inquiry/app': () => import('@steel/inquiry/app'),
  'inquiry/slots': () => import('@steel/inquiry/slots'),
};

export async function loadRemote<T>(id: string): Promise<T | null> {
  const load = modules[id];
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
