import { init } from '@module-federation/enhanced/runtime';
import { FEDERATION_RUNTIME_GLOBAL } from '@steel/shared';
import { provideRuntimeCore, providedRuntimeVersion } from './provide-runtime-core';

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
});
