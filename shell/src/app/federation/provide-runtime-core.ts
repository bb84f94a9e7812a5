import * as runtimeCore from '@module-federation/runtime-core';
import { attachShareScopeMap, bundlerRuntime } from '@module-federation/webpack-bundler-runtime';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';
import { getInstance } from '@module-federation/enhanced/runtime';
import {
  FEDERATION_BUNDLER_RUNTIME_GLOBAL,
  FEDERATION_RUNTIME_GLOBAL,
  type FEDERATION_BUNDLER_RUNTIME_PARTS,
} from '@steel/contract';

type GlobalScope = Record<string, unknown>;

/**
 * The functions of the runtime's webpack glue, by the names its modules export. A remote's build
 * takes these modules from here (mf-build's create-app-config.ts); it keeps the glue's small
 * assembling module and its own `@module-federation/runtime`, which holds its container's instance.
 * Each function works on the `__webpack_require__` it is given, so one copy serves every container.
 * The container's initialisation is imported on its own: the shell exposes nothing, so its build
 * leaves it out of the glue it assembles.
 */
const bundlerRuntimeParts: Record<(typeof FEDERATION_BUNDLER_RUNTIME_PARTS)[number], unknown> = {
  attachShareScopeMap,
  consumes: bundlerRuntime.consumes,
  getSharedFallbackGetter: bundlerRuntime.getSharedFallbackGetter,
  init: bundlerRuntime.init,
  initContainerEntry,
  initializeSharing: bundlerRuntime.I,
  installInitialConsumes: bundlerRuntime.installInitialConsumes,
  remotes: bundlerRuntime.remotes,
};

/**
 * Gives the remotes the shell's federation runtime and its webpack glue, so a page runs one copy of
 * each (the remotes' production builds leave theirs out: mf-build's create-app-config.ts). Must run
 * before the first remote entry is evaluated. The same module instances the shell's own runtime
 * uses (their ES module builds), so nothing is bundled twice.
 */
export function provideRuntimeCore(scope: GlobalScope = globalThis): void {
  scope[FEDERATION_RUNTIME_GLOBAL] ??= runtimeCore;
  scope[FEDERATION_BUNDLER_RUNTIME_GLOBAL] ??= bundlerRuntimeParts;
}

/** The version of the runtime the remotes are given, or null before it is provided. */
export function providedRuntimeVersion(scope: GlobalScope = globalThis): string | null {
  return scope[FEDERATION_RUNTIME_GLOBAL] ? (getInstance()?.version ?? null) : null;
}

/** Whether the remotes are given the runtime's webpack glue (its version is the runtime's). */
export function providesBundlerRuntime(scope: GlobalScope = globalThis): boolean {
  return Boolean(scope[FEDERATION_BUNDLER_RUNTIME_GLOBAL]);
}
