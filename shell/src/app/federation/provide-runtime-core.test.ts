import { init } from '@module-federation/enhanced/runtime';
import {
  FEDERATION_BUNDLER_RUNTIME_GLOBAL,
  FEDERATION_BUNDLER_RUNTIME_PARTS,
  FEDERATION_RUNTIME_GLOBAL,
} from '@steel/contract';
import { provideRuntimeCore, providedRuntimeVersion, providesBundlerRuntime } from './provide-runtime-core';

describe("the shell's federation runtime, given to the remotes", () => {
  it('is the runtime module a remote built without its own reads (ModuleFederation and its helpers)', () => {
    const scope: Record<string, unknown> = {};
    expect(providedRuntimeVersion(scope)).toBeNull();
    provideRuntimeCore(scope);
    const provided = scope[FEDERATION_RUNTIME_GLOBAL] as Record<string, unknown>;
    expect(typeof provided['ModuleFederation']).toBe('function');
    expect(typeof provided['getRemoteEntry']).toBe('function');
  });

  it('keeps a runtime already there (a second shell bundle must not swap it under loaded remotes)', () => {
    const earlier = { ModuleFederation: class {} };
    const scope: Record<string, unknown> = { [FEDERATION_RUNTIME_GLOBAL]: earlier };
    provideRuntimeCore(scope);
    expect(scope[FEDERATION_RUNTIME_GLOBAL]).toBe(earlier);
  });

  it("reports the runtime's version once provided, for the compatibility check of each remote", () => {
    init({ name: 'shell', remotes: [] });
    const scope: Record<string, unknown> = {};
    provideRuntimeCore(scope);
    expect(providedRuntimeVersion(scope)).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("gives the webpack glue's functions a remote entry reads, the container's initialisation among them", () => {
    const scope: Record<string, unknown> = {};
    expect(providesBundlerRuntime(scope)).toBe(false);
    provideRuntimeCore(scope);
    expect(providesBundlerRuntime(scope)).toBe(true);
    const parts = scope[FEDERATION_BUNDLER_RUNTIME_GLOBAL] as Record<string, unknown>;
    for (const part of FEDERATION_BUNDLER_RUNTIME_PARTS) expect(typeof parts[part]).toBe('function');
  });
});
