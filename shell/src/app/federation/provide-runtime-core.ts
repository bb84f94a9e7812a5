import * as runtimeCore from '@module-federation/runtime-core';
import { getInstance } from '@module-federation/enhanced/runtime';
import { FEDERATION_RUNTIME_GLOBAL } from '@steel/shared';

type GlobalScope = Record<string, unknown>;

/**
 * Gives the remotes the shell's federation runtime, so a page runs one copy of it (the remotes'
 * production builds leave theirs out: mf-build's create-app-config.ts). Must run before the first
 * remote entry is evaluated. The same module instance the shell's own runtime uses (its ES module
 * build), so nothing is bundled twice.
 */
export function provideRuntimeCore(scope: GlobalScope = globalThis): void {
  scope[FEDERATION_RUNTIME_GLOBAL] ??= runtimeCore;
}

/** The version of the runtime the remotes are given, or null before it is provided. */
export function providedRuntimeVersion(scope: GlobalScope = globalThis): string | null {
  return scope[FEDERATION_RUNTIME_GLOBAL] ? (getInstance()?.version ?? null) : null;
}
